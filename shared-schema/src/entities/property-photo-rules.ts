// A property photo's limits and address, without zod (`@casa/shared-schema/values`); the row's schema is
// property-photo.ts.

/** At most this many bytes per uploaded photo (a phone's 12-megapixel JPEG is 3–6 MB). */
export const PROPERTY_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** At most this many live photos per property. */
export const PROPERTY_PHOTOS_MAX = 30;
/** Decoded size limit: a 50-megapixel phone photo passes, a decompression bomb does not. */
export const PROPERTY_PHOTO_MAX_PIXELS = 50_000_000;
/** The display size (gallery, property sheet): longer side in px, JPEG (docs/decisions.md). */
export const PROPERTY_PHOTO_DISPLAY_SIDE = 1600;
/** The thumbnail (cards, lists, offline): longer side in px, WebP (docs/decisions.md). */
export const PROPERTY_PHOTO_THUMB_SIDE = 400;

export type PropertyPhotoVariant = 'display' | 'thumb';

/**
 * Where a photo's bytes are served. The photo id never changes its bytes (a new picture is a new photo), so
 * the URL is cached as immutable, and the service worker matches `/thumb` for the offline thumbnails.
 */
export function propertyPhotoUrl(propertyId: string, photoId: string, variant: PropertyPhotoVariant): string {
  return `/api/properties/${propertyId}/photos/${photoId}/${variant}`;
}
