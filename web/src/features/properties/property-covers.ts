import { useEffect, useMemo } from 'react';
import { useLiveQuery } from '../../data/live-query';
import type { PropertyPhoto } from '@casa/shared-schema';
import type { PhotoUpload, ReplicaDb } from '../../data/db';
import { mergePropertyPhotos, type GalleryPhoto } from '../../data/photo-outbox';

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/**
 * Each property's cover, by property id: the gallery's own rule (mergePropertyPhotos: the photo marked
 * cover, else the first in order, a photo still on this device included), over the whole replica at once.
 */
export function coverPhotos(
  synced: readonly PropertyPhoto[],
  local: readonly PhotoUpload[],
): Map<string, GalleryPhoto> {
  const syncedBy = groupBy(synced, (p) => p.propertyId);
  const localBy = groupBy(local, (p) => p.propertyId);
  const covers = new Map<string, GalleryPhoto>();
  for (const propertyId of new Set([...syncedBy.keys(), ...localBy.keys()])) {
    const gallery = mergePropertyPhotos(syncedBy.get(propertyId) ?? [], localBy.get(propertyId) ?? []);
    const cover = gallery.find((p) => p.isCover);
    if (cover) covers.set(propertyId, cover);
  }
  return covers;
}

/**
 * Cover thumbnail URLs by property id, live: the server's thumbnail (cached offline by the service worker),
 * or an object URL of a photo not yet uploaded (revoked when it is no longer a cover).
 */
export function useCoverThumbs(db: ReplicaDb | null | undefined): ReadonlyMap<string, string> {
  const covers = useLiveQuery(
    async () =>
      db
        ? db.transaction('r', db.propertyPhotos, db.photoUploads, async () =>
            coverPhotos(await db.propertyPhotos.toArray(), await db.photoUploads.toArray()),
          )
        : undefined,
    [db],
  );
  const thumbs = useMemo(() => {
    const urls = new Map<string, string>();
    const made: string[] = [];
    for (const [propertyId, photo] of covers ?? []) {
      if (photo.thumbUrl) urls.set(propertyId, photo.thumbUrl);
      else if (photo.blob) {
        const url = URL.createObjectURL(photo.blob);
        made.push(url);
        urls.set(propertyId, url);
      }
    }
    return { urls, made };
  }, [covers]);
  useEffect(() => () => thumbs.made.forEach((url) => URL.revokeObjectURL(url)), [thumbs]);
  return thumbs.urls;
}
