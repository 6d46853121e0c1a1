import sharp from 'sharp';
import { errorMessages, PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, PHOTO_MAX_SIDE } from '@casa/shared-schema';
import { payloadTooLarge, unsupportedMediaType } from '../../http/errors';
import { readUploadedFile } from '../../http/multipart';
import type { AppContext } from '../../http/types';

export type PhotoMime = 'image/jpeg' | 'image/png';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);
const FORMAT_OF: Record<PhotoMime, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png' };

/** The type the first bytes claim; the file name and the declared type are never trusted. */
export function sniffImage(data: Buffer): PhotoMime | null {
  if (data.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'image/png';
  if (data.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

/**
 * The stored photo: the whole image decoded as the type its bytes claim (a truncated or forged file
 * fails here, not only a wrong signature), at most PHOTO_MAX_PIXELS (a decompression bomb is refused
 * from its header, before any pixel is decoded), turned upright, shrunk to PHOTO_MAX_SIDE and encoded
 * again: nothing of the sent bytes is kept, EXIF (GPS position, camera) included.
 */
export async function reencodePhoto(data: Buffer, mime: PhotoMime): Promise<Buffer> {
  const image = sharp(data, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'warning' });
  let format: string | undefined;
  try {
    ({ format } = await image.metadata());
  } catch (error) {
    throw refusal(error);
  }
  if (format !== FORMAT_OF[mime]) throw unsupportedMediaType(errorMessages.photoUnreadable);
  const pipeline = image
    .rotate()
    .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
  try {
    return await (mime === 'image/png' ? pipeline.png() : pipeline.jpeg({ quality: 85 })).toBuffer();
  } catch (error) {
    throw refusal(error);
  }
}

function refusal(error: unknown) {
  return error instanceof Error && /pixel limit/i.test(error.message)
    ? payloadTooLarge(errorMessages.photoTooManyPixels)
    : unsupportedMediaType(errorMessages.photoUnreadable);
}

/** Reads multipart field `photo`: 413 over 5 MB or too many pixels, 415 unless it is a whole JPEG or PNG. */
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
  const mime = sniffImage(received);
  if (!mime) throw unsupportedMediaType(errorMessages.photoInvalidType);
  return { data: await reencodePhoto(received, mime), mime };
}
