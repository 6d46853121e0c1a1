import { Readable } from 'node:stream';
import Router from '@koa/router';
import { requireAuth } from '../../http/auth';
import { domainCtx } from '../../http/context';
import type { AppContextExt, AppState } from '../../http/types';
import { deleteAccount } from './account-deletion.domain';
import { exportFileName, streamUserExport } from './user-export.domain';
import { getSettings, updateSettings, updateUserProfile } from './user-settings.domain';
import { keepCurrentSession } from '../accounts/password-columns';

export function userSettingsRoutes() {
  const router = new Router<AppState, AppContextExt>();

  router.get('/api/user/settings', requireAuth, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await getSettings(domainCtx(ctx));
  });

  router.put('/api/user/settings', requireAuth, async (ctx) => {
    ctx.body = await updateSettings(domainCtx(ctx), ctx.request.body);
  });

  router.put('/api/user/profile', requireAuth, async (ctx) => {
    ctx.body = await updateUserProfile(domainCtx(ctx), ctx.request.body);
    await keepCurrentSession(ctx);
  });

  router.get('/api/user/export', requireAuth, async (ctx) => {
    const dctx = domainCtx(ctx);
    // Streamed in bounded pieces, with backpressure: the event loop stays free for every other tenant.
    const pieces = await streamUserExport(dctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.attachment(exportFileName(dctx.now));
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = Readable.from(pieces, { highWaterMark: 1 }); // one piece ahead of the socket, not 16
  });

  router.delete('/api/account', requireAuth, async (ctx) => {
    const result = await deleteAccount(domainCtx(ctx));
    ctx.session = null;
    ctx.body = { ok: true, ...result };
  });

  return router;
}
