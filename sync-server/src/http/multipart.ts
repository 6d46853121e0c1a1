import busboy from 'busboy';
import { badRequest, payloadTooLarge } from './errors';
import type { AppContext } from './types';

type Entry = { chunks: Buffer[]; tooLarge: boolean };

/**
 * The bytes of one file field of a multipart request, at most `maxBytes` (413 with `tooLargeMessage`
 * beyond); 400 with `missingMessage` when the request is not multipart or has no such non-empty field.
 * The declared file name and type are returned to nobody: callers judge the bytes.
 */
export async function readUploadedFile(ctx: AppContext, options: UploadOptions): Promise<Buffer> {
  return (await readUploadedForm(ctx, options)).file;
}

type UploadOptions = { field: string; maxBytes: number; missingMessage: string; tooLargeMessage: string };

/**
 * As readUploadedFile, with the form's short text fields too (at most 10, 1 KB each: e.g. the device's id of
 * an uploaded property photo). Fields are read whatever their order relative to the file.
 */
export async function readUploadedForm(
  ctx: AppContext,
  options: UploadOptions,
): Promise<{ file: Buffer; fields: Record<string, string> }> {
  const { field, maxBytes, missingMessage, tooLargeMessage } = options;
  const fields: Record<string, string> = {};
  if (!ctx.is('multipart')) throw badRequest(missingMessage);
  const entry = await new Promise<Entry | null>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: ctx.req.headers,
        limits: { files: 1, fileSize: maxBytes, fields: 10, fieldSize: 1024, parts: 20 },
      });
    } catch {
      reject(badRequest(missingMessage));
      return;
    }
    let found: Entry | null = null;
    parser.on('file', (name, stream) => {
      if (name !== field || found) {
        stream.resume();
        return;
      }
      const current: Entry = { chunks: [], tooLarge: false };
      found = current;
      stream.on('data', (chunk: Buffer) => current.chunks.push(chunk));
      stream.on('limit', () => {
        current.tooLarge = true;
      });
    });
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('error', () => reject(badRequest(missingMessage)));
    parser.on('close', () => resolve(found));
    ctx.req.pipe(parser);
  });
  if (!entry) throw badRequest(missingMessage);
  if (entry.tooLarge) throw payloadTooLarge(tooLargeMessage);
  const data = Buffer.concat(entry.chunks);
  if (data.length === 0) throw badRequest(missingMessage);
  return { file: data, fields };
}
