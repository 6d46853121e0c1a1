import { defineRoutes, route } from '../../http/route';
import { z } from 'zod';
import { interactionCreateSchema, interactionSchema, recentInteractionSchema } from '@casa/shared-schema';
import { domainCtx } from '../../http/context';
import { addInteraction, listClientInteractions, recentInteractions } from './interactions.domain';

export function interactionsRoutes() {
  return defineRoutes('interactions', [
    route(
      {
        method: 'GET',
        path: '/api/clients/:id/interactions',
        summary: "A client's interactions",
        audience: 'member',
        answer: z.array(interactionSchema),
        errors: [404],
      },
      async (ctx) => {
        ctx.body = await listClientInteractions(domainCtx(ctx), ctx.params.id);
      },
    ),

    // The client comes from the path; organizationId, agentId and createdBy in the body are ignored.
    route(
      {
        method: 'POST',
        path: '/api/clients/:id/interactions',
        summary: 'Record an interaction with a client',
        audience: 'writer',
        body: interactionCreateSchema.omit({ clientId: true }),
        answer: interactionSchema,
        status: 201,
        errors: [400, 404],
      },
      async (ctx) => {
        const body = (ctx.request.body ?? {}) as Record<string, unknown>;
        ctx.status = 201;
        ctx.body = await addInteraction(domainCtx(ctx), { ...body, clientId: ctx.params.id });
      },
    ),

    route(
      {
        method: 'GET',
        path: '/api/interactions/recent',
        summary: 'The most recent interactions',
        audience: 'member',
        answer: z.array(recentInteractionSchema),
        errors: [401, 403],
      },
      async (ctx) => {
        ctx.body = await recentInteractions(domainCtx(ctx));
      },
    ),
  ]);
}
