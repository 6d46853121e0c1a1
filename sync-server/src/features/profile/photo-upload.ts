import busboy from 'busboy';
import { errorMessages, PHOTO_MAX_BYTES } from '@casa/shared-schema';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../../http/errors';
import type { AppContext } from '../../http/types';

export type PhotoMime = 'image/jpeg' | 'image/png';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** The real type from the first bytes; the file name and the declared type are never trusted. */
export function sniffImage(data: Buffer): PhotoMime | null {
  if (data.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'image/png';
  if (data.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

type Received = { data: Buffer; tooLarge: boolean } | null;
type Entry = { chunks: Buffer[]; tooLarge: boolean };

function receive(ctx: AppContext, field: string): Promise<Received> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: ctx.req.headers,
        limits: { files: 1, fileSize: PHOTO_MAX_BYTES, fields: 10, fieldSize: 1024, parts: 20 },
      });
    } catch {
      reject(badRequest(errorMessages.photoMissing));
      return;
    }
    let entry: Entry | null = null;
    parser.on('file', (name, stream) => {
      if (name !== field || entry) {
        stream.resume();
        return;
      }
      const current: Entry = { chunks: [], tooLarge: false };
      entry = current;
      stream.on('data', (chunk: Buffer) => current.chunks.push(chunk));
      stream.on('limit', () => {
        current.tooLarge = true;
      });
    });
    parser.on('error', () => reject(badRequest(errorMessages.photoMissing)));
    parser.on('close', () => {
      const done = entry as Entry | null;
      resolve(done ? { data: Buffer.concat(done.chunks), tooLarge: done.tooLarge } : null);
    });
    ctx.req.pipe(parser);
  });
}

/** Reads multipart field `photo`: 413 over 5 MB, 415 unless the bytes are a JPEG or a PNG. */
export async function readPhoto(
  ctx: AppContext,
  field = 'photo',
): Promise<{ data: Buffer; mime: PhotoMime }> {
  if (!ctx.is('multipart')) throw badRequest(errorMessages.photoMissing);
  const received = await receive(ctx, field);
  if (!received || received.data.length === 0) throw badRequest(errorMessages.photoMissing);
  if (received.tooLarge) throw payloadTooLarge(errorMessages.photoTooLarge);
  const mime = sniffImage(received.data);
  if (!mime) throw unsupportedMediaType(errorMessages.photoInvalidType);
  return { data: received.data, mime };
}
