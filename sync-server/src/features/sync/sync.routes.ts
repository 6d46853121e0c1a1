import Router from '@koa/router';
import { requireAuth } from '../../http/auth';
import { domainCtx } from '../../http/context';
import { jsonBodyParser } from '../../http/json-body';
import { SESSION_COOKIE } from '../../http/session';
import type { AppContextExt, AppMiddleware, AppState } from '../../http/types';
import { pull } from './sync-pull';
import { push } from './sync-push';

export const PUSH_PATH = '/api/sync/push';
/** 200 mutations (SYNC_PUSH_MAX_MUTATIONS) of the largest kind (a client with long notes, ~10 kB) fit. */
export const PUSH_JSON_LIMIT = '4mb';

/**
 * Parses the JSON body of POST /api/sync/push with its larger limit; mounted in app.ts before the general
 * body parser, which then skips the parsed body. Without a session cookie the general limit applies.
 */
export function syncPushBodyParser(): AppMiddleware {
  // Characters are judged per mutation (a recorded rejection), never by refusing the whole queue.
  const parse = jsonBodyParser(PUSH_JSON_LIMIT, { refuseCharacters: false });
  return (ctx, next) =>
    ctx.method === 'POST' && ctx.path === PUSH_PATH && ctx.cookies.get(SESSION_COOKIE)
      ? parse(ctx, next)
      : next();
}

export function syncRoutes() {
  const router = new Router<AppState, AppContextExt>();

  router.get('/api/sync/pull', requireAuth, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await pull(domainCtx(ctx), ctx.query);
  });

  router.post(PUSH_PATH, requireAuth, async (ctx) => {
    ctx.body = await push(domainCtx(ctx), ctx.request.body);
  });

  return router;
}
