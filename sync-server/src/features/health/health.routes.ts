import Router from '@koa/router';
import type { AppContextExt, AppState } from '../../http/types';
import { APP_VERSION } from '../../version';

const startedAt = Date.now();

/** GET /api/health: liveness plus a database round-trip; 503 when the database does not answer. */
export function healthRoutes() {
  const router = new Router<AppState, AppContextExt>();
  router.get('/api/health', async (ctx) => {
    let db = true;
    try {
      await ctx.deps.knex.raw('select 1');
    } catch (err) {
      db = false;
      ctx.state.log.error({ err }, 'health: database unreachable');
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.status = db ? 200 : 503;
    ctx.body = {
      status: db ? 'ok' : 'degraded',
      db: db ? 'ok' : 'error',
      version: APP_VERSION,
      uptime: Math.round((Date.now() - startedAt) / 1000),
    };
  });
  return router;
}
