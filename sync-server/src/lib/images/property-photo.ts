import {
  errorMessages,
  PROPERTY_PHOTO_DISPLAY_SIDE,
  PROPERTY_PHOTO_MAX_PIXELS,
  PROPERTY_PHOTO_THUMB_SIDE,
} from '@casa/shared-schema';
import { renderImage, type ImageRules, type Rendition } from './render';

export const PROPERTY_PHOTO_RULES: ImageRules = {
  accept: ['jpeg', 'png', 'webp'],
  maxPixels: PROPERTY_PHOTO_MAX_PIXELS,
  messages: {
    invalidType: errorMessages.propertyPhotoInvalidType,
    unreadable: errorMessages.propertyPhotoUnreadable,
    tooManyPixels: errorMessages.photoTooManyPixels,
  },
};

export type PropertyPhotoRenditions = { display: Rendition; thumb: Rendition };

/**
 * The two stored sizes of a property photo (docs/decisions.md): the display size as JPEG (the one format
 * every place a property sheet goes takes: link previews, portals, print), the thumbnail as WebP (only the
 * app shows it, and the offline cache holds one per photo of the organization: ~30% fewer bytes).
 */
export async function renderPropertyPhoto(file: Buffer): Promise<PropertyPhotoRenditions> {
  const { renditions } = await renderImage(file, PROPERTY_PHOTO_RULES, [
    { maxSide: PROPERTY_PHOTO_DISPLAY_SIDE, format: 'jpeg', quality: 82 },
    { maxSide: PROPERTY_PHOTO_THUMB_SIDE, format: 'webp', quality: 75 },
  ]);
  return { display: renditions[0]!, thumb: renditions[1]! };
}
