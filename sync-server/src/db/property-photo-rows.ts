import type { PropertyPhotoRenditions } from '../lib/images/property-photo';
import type { OrganizationScope } from './scope';

/** A photo to store: where it goes in its property's gallery and its two rendered sizes. */
export type NewPropertyPhoto = {
  id: string;
  propertyId: string;
  position: number;
  isCover: boolean;
  renditions: PropertyPhotoRenditions;
  createdBy: string | null;
  /** Its created_at: when it was taken (an upload's bounded Acted-At); `now` when absent. */
  takenAt?: string;
};

/**
 * Writes photos the one way (migration 105): the replicated metadata row and, apart, the bytes row. Used by
 * the upload (features/property-photos) and the demo seed, so a seeded photo is stored like an uploaded one.
 * Inside the caller's transaction; returns the metadata rows in order.
 */
export async function insertPropertyPhotos(
  scope: OrganizationScope,
  photos: readonly NewPropertyPhoto[],
  now: string,
): Promise<Record<string, unknown>[]> {
  const rows = await scope.insertMany(
    'property_photos',
    photos.map((p) => ({
      id: p.id,
      created_at: p.takenAt ?? now,
      property_id: p.propertyId,
      position: p.position,
      is_cover: p.isCover,
      width: p.renditions.display.width,
      height: p.renditions.display.height,
      display_bytes: p.renditions.display.data.length,
      thumb_bytes: p.renditions.thumb.data.length,
      created_by: p.createdBy,
    })),
    now,
  );
  await scope.insertMany(
    'property_photo_files',
    photos.map(({ id, renditions: { display, thumb } }) => ({
      id,
      display_mime: display.mime,
      display: display.data,
      thumb_mime: thumb.mime,
      thumb: thumb.data,
    })),
    now,
  );
  return rows;
}
