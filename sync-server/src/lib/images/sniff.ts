/** The image formats the server accepts anywhere (each use narrows it: profile photos take JPEG and PNG). */
export type ImageFormat = 'jpeg' | 'png' | 'webp';

export const MIME_OF: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const RIFF = Buffer.from('RIFF', 'ascii');
const WEBP = Buffer.from('WEBP', 'ascii');

/**
 * The format the first bytes claim (magic numbers); the file name and the declared type are never trusted.
 * A claim is only a claim: `renderImage` (render.ts) decodes the whole file as that format.
 */
export function sniffImage(data: Buffer): ImageFormat | null {
  if (data.subarray(0, PNG.length).equals(PNG)) return 'png';
  if (data.subarray(0, JPEG.length).equals(JPEG)) return 'jpeg';
  // RIFF container: 'RIFF' <size:4> 'WEBP'.
  if (data.subarray(0, 4).equals(RIFF) && data.subarray(8, 12).equals(WEBP)) return 'webp';
  return null;
}
