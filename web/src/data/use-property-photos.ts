import { useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from './live-query';
import type { ReplicaDb } from './db';
import { ObjectUrls } from './object-urls';
import { addPhotos, readPropertyGallery, type GalleryPhoto } from './photo-outbox';
import { useSyncClient } from './sync-provider';

export type ShownPhoto = GalleryPhoto & {
  /** What an <img> shows: the server thumbnail once synced, else an object URL of the local blob. */
  src: string;
};

/**
 * One property's gallery, live: the synced photos and the ones still on this device, in order
 * (photo-outbox.ts). A local photo shows an object URL of its blob, one per photo for as long as it is
 * shown (object-urls.ts), revoked once it leaves the list.
 */
export function usePropertyPhotos(propertyId: string): ShownPhoto[] | undefined {
  const db = useSyncClient()?.db;
  const gallery = useLiveQuery(
    async () => (db ? readPropertyGallery(db, propertyId) : undefined),
    [db, propertyId],
  );
  const [urls] = useState(() => new ObjectUrls());
  const shown = useMemo(
    () =>
      gallery?.map((photo) => ({
        ...photo,
        src: photo.thumbUrl ?? (photo.blob ? urls.urlOf(photo.id, photo.blob) : ''),
      })),
    [gallery, urls],
  );
  useEffect(() => {
    urls.keepOnly(
      new Set(gallery?.filter((photo) => !photo.thumbUrl && photo.blob).map((photo) => photo.id)),
    );
  }, [gallery, urls]);
  useEffect(() => () => urls.keepOnly(new Set()), [urls]);
  return shown;
}

/** `addPhotos` for the signed-in device's replica (the uploader picks them up: startPhotoUploader). */
export function useAddPhotos(): ((propertyId: string, files: readonly Blob[]) => Promise<void>) | null {
  const client = useSyncClient();
  const db: ReplicaDb | undefined = client?.db;
  return client && db
    ? async (propertyId, files) => {
        await addPhotos(db, propertyId, files);
        void client.uploadPhotos(); // never rejects: each photo keeps its own outcome
      }
    : null;
}
