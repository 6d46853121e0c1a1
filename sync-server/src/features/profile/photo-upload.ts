import { errorMessages, PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, PHOTO_MAX_SIDE } from '@casa/shared-schema';
import { readUploadedFile } from '../../http/multipart';
import type { AppContext } from '../../http/types';
import { renderImage, type ImageRules } from '../../lib/images';

export type PhotoMime = 'image/jpeg' | 'image/png';

/** A profile photo is a JPEG or a PNG (the pt-PT refusals name those two), kept in its own format. */
const PROFILE_PHOTO_RULES: ImageRules = {
  accept: ['jpeg', 'png'],
  maxPixels: PHOTO_MAX_PIXELS,
  messages: {
    invalidType: errorMessages.photoInvalidType,
    unreadable: errorMessages.photoUnreadable,
    tooManyPixels: errorMessages.photoTooManyPixels,
  },
};

/**
 * Reads multipart field `photo`: 413 over 5 MB or too many pixels, 415 unless it is a whole JPEG or PNG;
 * stored re-encoded at most PHOTO_MAX_SIDE px, upright and without EXIF (lib/images/render.ts).
 */
export async function readPhoto(
  ctx: AppContext,
  field = 'photo',
): Promise<{ data: Buffer; mime: PhotoMime }> {
  const received = await readUploadedFile(ctx, {
    field,
    maxBytes: PHOTO_MAX_BYTES,
    missingMessage: errorMessages.photoMissing,
    tooLargeMessage: errorMessages.photoTooLarge,
  });
  const { renditions } = await renderImage(received, PROFILE_PHOTO_RULES, [
    { maxSide: PHOTO_MAX_SIDE, format: 'same', quality: 85 },
  ]);
  const [photo] = renditions;
  return { data: photo!.data, mime: photo!.mime as PhotoMime };
}
