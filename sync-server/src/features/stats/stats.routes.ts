import Router from '@koa/router';
import { requireAuth } from '../../http/auth';
import { domainCtx } from '../../http/context';
import type { AppContextExt, AppState } from '../../http/types';
import { organizationStats } from './organization-stats.domain';
import { clientStats, coldCallStats, followUpStats } from './stats.domain';

export function statsRoutes() {
  const router = new Router<AppState, AppContextExt>();

  router.get('/api/stats/clients', requireAuth, async (ctx) => {
    ctx.body = await clientStats(domainCtx(ctx), ctx.query);
  });
  router.get('/api/stats/followups', requireAuth, async (ctx) => {
    ctx.body = await followUpStats(domainCtx(ctx), ctx.query);
  });
  router.get('/api/stats/coldcalls', requireAuth, async (ctx) => {
    ctx.body = await coldCallStats(domainCtx(ctx), ctx.query);
  });
  router.get('/api/organization/stats', requireAuth, async (ctx) => {
    ctx.body = await organizationStats(domainCtx(ctx), ctx.query);
  });

  return router;
}
