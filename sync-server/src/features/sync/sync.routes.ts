import { defineRoutes, route } from '../../http/route';
import {
  pullQuerySchema,
  pullResponseSchema,
  pushRequestSchema,
  pushResponseSchema,
} from '@casa/shared-schema';
import { domainCtx } from '../../http/context';
import { jsonBodyParser } from '../../http/json-body';
import { SESSION_COOKIE } from '../../http/session';
import type { AppMiddleware } from '../../http/types';
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
  return defineRoutes('sync', [
    route(
      {
        method: 'GET',
        path: '/api/sync/pull',
        summary:
          'Replicated rows changed since `cursor` (a snapshot in pages without one), `limit` 1–5000; every role (docs/sync.md)',
        audience: 'member',
        query: pullQuerySchema,
        answer: pullResponseSchema,
        errors: [400, 401, 403],
      },
      async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = await pull(domainCtx(ctx), ctx.query);
      },
    ),

    route(
      {
        method: 'POST',
        path: PUSH_PATH,
        summary:
          "A device's queued mutations `{clientId, mutations}` (≤ 200, body up to 4 MB), applied in order, each in its own transaction; 409 `SYNC_MUTATION_GAP`, 403 `SYNC_FOREIGN_CLIENT` (docs/sync.md)",
        audience: 'member',
        body: pushRequestSchema,
        bodyJudgedByHandler: "a refused mutation is that mutation's rejection, not a 400 for the queue",
        answer: pushResponseSchema,
        errors: [400, 401, 403, 409, 413],
      },
      async (ctx) => {
        ctx.body = await push(domainCtx(ctx), ctx.request.body);
      },
    ),
  ]);
}
