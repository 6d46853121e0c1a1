import compress from 'koa-compress';
import { constants } from 'node:zlib';
import type { AppContext, AppMiddleware } from './types';

/** Smaller answers gain too little for the compressor's cost (and a few hundred bytes fit one packet). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * The /api JSON answers are compressed when the client accepts it: brotli (quality 4), else gzip (level 6).
 * A first sync's pages are the largest answers, and they cross a phone's slow or bad signal: the 50,000-client
 * snapshot is 33.8 MB of JSON, 4.8 MB with brotli (issue 19, `pnpm bench:sync`, docs/decisions.md). zlib runs
 * in Node's thread pool, so compressing never blocks the event loop.
 *
 * Only `application/json`: the live stream (text/event-stream) must reach the device as written, photos
 * are compressed already, and the web build's static files are served precompressed (static-web.ts).
 * Error answers are set outside this middleware (error-handler.ts) and are small: they go as they are.
 *
 * An object body is serialised once here: Koa would stringify it twice (once to measure its length for
 * the threshold, once to send it).
 */
export function compressApiAnswers(): AppMiddleware {
  const compressing = compress({
    filter: (type) => type === 'application/json',
    threshold: COMPRESS_THRESHOLD_BYTES,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: { level: 6 },
    deflate: false,
  });
  // Mounted for /api only (app.ts, `onlyApi`).
  return (ctx, next) =>
    compressing(ctx, async () => {
      await next();
      serialiseJsonOnce(ctx);
    });
}

/** Plain objects and arrays only: Koa also sends streams, buffers, blobs and fetch Responses as bodies. */
function isPlainJson(body: unknown): body is object {
  if (body === null || typeof body !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(body);
  return Array.isArray(body) || proto === Object.prototype || proto === null;
}

function serialiseJsonOnce(ctx: AppContext): void {
  // The Content-Type Koa set for the object (application/json) stays: a string body only sets one when none is.
  if (isPlainJson(ctx.body)) ctx.body = JSON.stringify(ctx.body);
}
