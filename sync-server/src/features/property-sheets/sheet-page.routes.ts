import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import { PROPERTY_SHEET_PATH } from '@casa/shared-schema';
import type { AppContext, AppContextExt, AppState } from '../../http/types';
import { ownOrigin } from './own-origin';
import { loadSheet, readSheetPhoto } from './sheet-page.domain';
import { renderSheetGonePage, renderSheetPage } from './sheet-page.html';

/**
 * Stricter than the app's CSP (http/security-headers.ts): nothing but this page's own style and script
 * (by nonce) and same-origin images; no fetches, no frames, no forms.
 */
const pageCsp = (nonce: string) =>
  [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    "img-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

/** The token is the key: never sent on as a Referer, never indexed. */
function publicHeaders(ctx: AppContext, cacheControl: string): void {
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('X-Robots-Tag', 'noindex, nofollow');
  ctx.set('Cache-Control', cacheControl);
}

/**
 * The public sheet, outside /api and before the web client's SPA fallback (app.ts): server-rendered HTML,
 * no session, no JavaScript needed. Cached privately for a minute (a buyer reopening it is not a new
 * request; a revoke reaches a reload within that minute).
 */
export function propertySheetPageRouter() {
  const router = new Router<AppState, AppContextExt>({ prefix: PROPERTY_SHEET_PATH });

  router.get('/:token', async (ctx) => {
    const nonce = randomBytes(16).toString('base64');
    ctx.set('Content-Security-Policy', pageCsp(nonce));
    ctx.type = 'text/html; charset=utf-8';
    const token = ctx.params.token ?? '';
    const view = await loadSheet(ctx.deps.knex, token);
    if (!view) {
      publicHeaders(ctx, 'no-store');
      ctx.status = 404;
      ctx.body = renderSheetGonePage(nonce);
      return;
    }
    publicHeaders(ctx, 'private, max-age=60');
    ctx.body = renderSheetPage(view, { token, nonce, origin: ownOrigin(ctx) });
  });

  router.get('/:token/fotos/:photoId', async (ctx) => {
    const file = await readSheetPhoto(ctx.deps.knex, ctx.params.token ?? '', ctx.params.photoId);
    if (!file) {
      publicHeaders(ctx, 'no-store');
      ctx.status = 404;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'Fotografia não disponível.';
      return;
    }
    // A photo id's bytes never change, but the link may be revoked: an hour, then the browser asks again.
    publicHeaders(ctx, 'private, max-age=3600');
    ctx.set('Content-Disposition', 'inline');
    ctx.etag = `"${ctx.params.photoId}-display"`;
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.type = file.mime;
    ctx.body = file.data;
  });

  return router;
}
