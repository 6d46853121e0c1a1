import { PHOTO_MAX_BYTES, PHOTO_MIME_TYPES } from '@casa/shared-schema';

/** docs/product.md#accounts: the picker takes JPEG and PNG; a file over 5 MB is silently ignored (no upload, no message). */
export function acceptablePhoto(file: { type: string; size: number }): boolean {
  return (PHOTO_MIME_TYPES as readonly string[]).includes(file.type) && file.size <= PHOTO_MAX_BYTES;
}

export const PHOTO_ACCEPT = PHOTO_MIME_TYPES.join(',');
