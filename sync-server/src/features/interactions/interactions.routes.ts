import Router from '@koa/router';
import { requireAuth } from '../../http/auth';
import { domainCtx } from '../../http/context';
import type { AppContextExt, AppState } from '../../http/types';
import { addInteraction, listClientInteractions, recentInteractions } from './interactions.domain';

export function interactionsRoutes() {
  const router = new Router<AppState, AppContextExt>();

  router.get('/api/clients/:id/interactions', requireAuth, async (ctx) => {
    ctx.body = await listClientInteractions(domainCtx(ctx), ctx.params.id);
  });

  // The client comes from the path; organizationId, agentId and createdBy in the body are ignored.
  router.post('/api/clients/:id/interactions', requireAuth, async (ctx) => {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    ctx.status = 201;
    ctx.body = await addInteraction(domainCtx(ctx), { ...body, clientId: ctx.params.id });
  });

  router.get('/api/interactions/recent', requireAuth, async (ctx) => {
    ctx.body = await recentInteractions(domainCtx(ctx));
  });

  return router;
}
