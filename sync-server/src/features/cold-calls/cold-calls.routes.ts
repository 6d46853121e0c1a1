import { defineRoutes, route } from '../../http/route';
import { z } from 'zod';
import { coldCallLogSchema, coldCallSchema, followUpSchema } from '@casa/shared-schema';
import { domainCtx } from '../../http/context';
import { listColdCalls, logColdCallGrouped } from './cold-calls.domain';

/** LoggedColdCall (cold-calls.domain.ts): the call plus the follow-up it scheduled, if any. */
const loggedColdCallSchema = coldCallSchema.extend({ followUp: followUpSchema.nullable() });
const coldCallListItemSchema = coldCallSchema.extend({ clientName: z.string().nullable() });

export function coldCallsRoutes() {
  return defineRoutes('cold-calls', [
    route(
      {
        method: 'GET',
        path: '/api/coldcalls',
        summary: 'List cold calls',
        audience: 'member',
        answer: z.array(coldCallListItemSchema),
        errors: [401, 403],
      },
      async (ctx) => {
        ctx.body = await listColdCalls(domainCtx(ctx));
      },
    ),

    route(
      {
        method: 'POST',
        path: '/api/coldcalls',
        summary: 'Log a cold call (and its follow-up when asked)',
        audience: 'writer',
        body: coldCallLogSchema,
        answer: loggedColdCallSchema,
        status: 201,
        errors: [400, 404],
      },
      async (ctx) => {
        ctx.status = 201;
        ctx.body = await logColdCallGrouped(domainCtx(ctx), ctx.request.body);
      },
    ),
  ]);
}
