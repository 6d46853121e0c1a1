import Router from '@koa/router';
import { domainCtx } from '../../http/context';
import { requireAuth } from '../../http/auth';
import type { AppContextExt, AppState } from '../../http/types';
import { searchClients } from './search.domain';

export function searchRoutes() {
  const router = new Router<AppState, AppContextExt>();
  router.get('/api/search/clients', requireAuth, async (ctx) => {
    ctx.body = await searchClients(domainCtx(ctx), ctx.query);
  });
  return router;
}
