import Router from '@koa/router';
import { requireAuth } from '../../http/auth';
import { domainCtx } from '../../http/context';
import type { AppContextExt, AppState } from '../../http/types';
import {
  addCampaignClient,
  createCampaign,
  deleteCampaign,
  getCampaignClients,
  listCampaigns,
  removeCampaignClient,
} from './campaigns.domain';

const bodyOf = (body: unknown): Record<string, unknown> =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

export function campaignsRoutes() {
  const router = new Router<AppState, AppContextExt>();

  router.get('/api/campaigns', requireAuth, async (ctx) => {
    ctx.body = await listCampaigns(domainCtx(ctx));
  });

  router.post('/api/campaigns', requireAuth, async (ctx) => {
    ctx.status = 201;
    ctx.body = await createCampaign(domainCtx(ctx), ctx.request.body);
  });

  router.delete('/api/campaigns/:id', requireAuth, async (ctx) => {
    await deleteCampaign(domainCtx(ctx), { id: ctx.params.id });
    ctx.body = { ok: true };
  });

  router.get('/api/campaigns/:id/clients', requireAuth, async (ctx) => {
    ctx.body = await getCampaignClients(domainCtx(ctx), ctx.params.id);
  });

  router.post('/api/campaigns/:campaignId/clients/:clientId', requireAuth, async (ctx) => {
    ctx.status = 201;
    ctx.body = await addCampaignClient(domainCtx(ctx), {
      ...bodyOf(ctx.request.body),
      campaignId: ctx.params.campaignId,
      clientId: ctx.params.clientId,
    });
  });

  router.delete('/api/campaigns/:campaignId/clients/:clientId', requireAuth, async (ctx) => {
    await removeCampaignClient(domainCtx(ctx), {
      campaignId: ctx.params.campaignId,
      clientId: ctx.params.clientId,
    });
    ctx.body = { ok: true };
  });

  return router;
}
