import { useEffect, useMemo } from 'react';
import { useLiveQuery } from './live-query';
import type { ReplicaDb } from './db';
import { addPhotos, readPropertyGallery, type GalleryPhoto } from './photo-outbox';
import { useSyncClient } from './sync-provider';

export type ShownPhoto = GalleryPhoto & {
  /** What an <img> shows: the server thumbnail once synced, else an object URL of the local blob. */
  src: string;
};

/**
 * One property's gallery, live: the synced photos and the ones still on this device, in order
 * (photo-outbox.ts). Object URLs of local blobs are made once per photo and revoked when it leaves the list.
 */
export function usePropertyPhotos(propertyId: string): ShownPhoto[] | undefined {
  const db = useSyncClient()?.db;
  const gallery = useLiveQuery(
    async () => (db ? readPropertyGallery(db, propertyId) : undefined),
    [db, propertyId],
  );
  const urls = useMemo(() => {
    const made = new Map<string, string>();
    for (const photo of gallery ?? []) if (photo.blob) made.set(photo.id, URL.createObjectURL(photo.blob));
    return made;
  }, [gallery]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return gallery?.map((photo) => ({ ...photo, src: photo.thumbUrl ?? urls.get(photo.id) ?? '' }));
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
