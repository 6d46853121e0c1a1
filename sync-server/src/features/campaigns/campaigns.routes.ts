import { defineRoutes, route } from '../../http/route';
import { okSchema } from '../../http/answers';
import { z } from 'zod';
import {
  campaignClientCreateSchema,
  campaignClientSchema,
  campaignClientsResponseSchema,
  campaignCreateSchema,
  campaignSchema,
} from '@casa/shared-schema';
import { domainCtx } from '../../http/context';
import {
  addCampaignClient,
  createCampaign,
  deleteCampaign,
  getCampaignClients,
  listCampaigns,
  removeCampaignClient,
} from './campaigns.domain';
import { bodyOf } from '../../http/json-body';

const campaignClientAddSchema = campaignClientCreateSchema.omit({ campaignId: true, clientId: true });

export function campaignsRoutes() {
  return defineRoutes('campaigns', [
    route(
      {
        method: 'GET',
        path: '/api/campaigns',
        summary: 'List cold-call campaigns',
        audience: 'member',
        answer: z.array(campaignSchema),
        errors: [401, 403],
      },
      async (ctx) => {
        ctx.body = await listCampaigns(domainCtx(ctx));
      },
    ),

    route(
      {
        method: 'POST',
        path: '/api/campaigns',
        summary:
          'Create a campaign; members: the optional `clientIds` (the previewed list; live ones, in order, capped at targetCount), else the server ranks the matching clients',
        audience: 'writer',
        body: campaignCreateSchema,
        answer: campaignSchema,
        status: 201,
        errors: [400],
      },
      async (ctx) => {
        ctx.status = 201;
        ctx.body = await createCampaign(domainCtx(ctx), ctx.request.body);
      },
    ),

    route(
      {
        method: 'DELETE',
        path: '/api/campaigns/:id',
        summary: 'Delete a campaign (soft delete)',
        audience: 'writer',
        answer: okSchema,
        errors: [404],
      },
      async (ctx) => {
        await deleteCampaign(domainCtx(ctx), { id: ctx.params.id });
        ctx.body = { ok: true };
      },
    ),

    route(
      {
        method: 'GET',
        path: '/api/campaigns/:id/clients',
        summary: "A campaign's clients, available and contacted",
        audience: 'member',
        answer: campaignClientsResponseSchema,
        errors: [404],
      },
      async (ctx) => {
        ctx.body = await getCampaignClients(domainCtx(ctx), ctx.params.id);
      },
    ),

    route(
      {
        method: 'POST',
        path: '/api/campaigns/:campaignId/clients/:clientId',
        summary: 'Add a client to a campaign',
        audience: 'writer',
        body: campaignClientAddSchema,
        answer: campaignClientSchema,
        status: 201,
        errors: [400, 404],
      },
      async (ctx) => {
        ctx.status = 201;
        ctx.body = await addCampaignClient(domainCtx(ctx), {
          ...bodyOf(ctx.request.body),
          campaignId: ctx.params.campaignId,
          clientId: ctx.params.clientId,
        });
      },
    ),

    route(
      {
        method: 'DELETE',
        path: '/api/campaigns/:campaignId/clients/:clientId',
        summary: 'Remove a client from a campaign',
        audience: 'writer',
        answer: okSchema,
        errors: [404],
      },
      async (ctx) => {
        await removeCampaignClient(domainCtx(ctx), {
          campaignId: ctx.params.campaignId,
          clientId: ctx.params.clientId,
        });
        ctx.body = { ok: true };
      },
    ),
  ]);
}
