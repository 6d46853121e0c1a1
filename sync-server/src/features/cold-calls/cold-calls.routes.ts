import Router from '@koa/router';
import { requireAuth } from '../../http/auth';
import { domainCtx } from '../../http/context';
import type { AppContextExt, AppState } from '../../http/types';
import { listColdCalls, logColdCall } from './cold-calls.domain';

export function coldCallsRoutes() {
  const router = new Router<AppState, AppContextExt>();

  router.get('/api/coldcalls', requireAuth, async (ctx) => {
    ctx.body = await listColdCalls(domainCtx(ctx));
  });

  router.post('/api/coldcalls', requireAuth, async (ctx) => {
    ctx.status = 201;
    ctx.body = await logColdCall(domainCtx(ctx), ctx.request.body);
  });

  return router;
}
