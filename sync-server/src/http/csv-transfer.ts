import { Readable } from 'node:stream';
import { CSV_MAX_BYTES, CSV_UPLOAD_FIELD, csvMessages } from '@casa/shared-schema';
import { domainCtx } from './context';
import type { DomainCtx } from './context';
import { readUploadedFile } from './multipart';
import type { AppContext } from './types';

/**
 * A CSV download (clients, properties): streamed page by page, one page ahead of the socket. The first
 * chunk is read before answering, so an early error (403 without organization) is still a JSON error.
 */
export async function answerCsvDownload(
  ctx: AppContext,
  fileName: (now: string) => string,
  chunksOf: (dctx: DomainCtx) => AsyncGenerator<string>,
): Promise<void> {
  const dctx = domainCtx(ctx);
  const chunks = chunksOf(dctx);
  const first = await chunks.next();
  ctx.set('Content-Type', 'text/csv; charset=utf-8');
  ctx.set('Content-Disposition', `attachment; filename="${fileName(dctx.now)}"`);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = Readable.from(
    (async function* () {
      if (!first.done) yield first.value;
      yield* chunks;
    })(),
    { highWaterMark: 1 },
  );
}

/**
 * A CSV import's two bodies: the file's bytes (multipart field `file`, ≤ CSV_MAX_BYTES, decoded by the
 * server whatever Excel saved) or `{csvData}` text.
 */
export async function answerCsvImport<R>(
  ctx: AppContext,
  fromText: (dctx: DomainCtx, body: unknown) => Promise<R>,
  fromBytes: (dctx: DomainCtx, bytes: Buffer) => Promise<R>,
): Promise<void> {
  if (!ctx.is('multipart')) {
    ctx.body = await fromText(domainCtx(ctx), ctx.request.body);
    return;
  }
  const bytes = await readUploadedFile(ctx, {
    field: CSV_UPLOAD_FIELD,
    maxBytes: CSV_MAX_BYTES,
    missingMessage: csvMessages.fileMissing,
    tooLargeMessage: csvMessages.fileTooLarge(CSV_MAX_BYTES / 1024 / 1024),
  });
  ctx.body = await fromBytes(domainCtx(ctx), bytes);
}
