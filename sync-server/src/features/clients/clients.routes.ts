import { Readable } from 'node:stream';
import { defineRoutes, queryOf, route } from '../../http/route';
import { okSchema } from '../../http/answers';
import { z } from 'zod';
import {
  clientCreateSchema,
  clientListItemSchema,
  clientListQuerySchema,
  clientSchema,
  clientUpdateSchema,
  clientWithLastContactSchema,
  uuidSchema,
  validationMessages,
} from '@casa/shared-schema';
import { domainCtx } from '../../http/context';
import { createClient, deleteClient, updateClient } from './clients.domain';
import {
  birthdaysToday,
  clientsWithInteractions,
  clientListPageJson,
  getClient,
  streamClientListJson,
} from './clients.views';

export function clientsRoutes() {
  return defineRoutes('clients', [
    route(
      {
        method: 'GET',
        path: '/api/clients',
        summary: 'List clients',
        audience: 'member',
        query: clientListQuerySchema,
        answer: z.array(clientListItemSchema),
        errors: [400, 401, 403],
      },
      async (ctx) => {
        const query = queryOf(ctx, clientListQuerySchema);
        if (query.limit !== undefined || query.after !== undefined || query.offset) {
          // Cached JSON bytes (clients.views.ts clientListPageJson), sent as is.
          ctx.type = 'application/json; charset=utf-8';
          ctx.body = await clientListPageJson(domainCtx(ctx), query);
          return;
        }
        // Every client: streamed by keyset pages (memory flat, event loop free between pages).
        const chunks = await streamClientListJson(domainCtx(ctx));
        ctx.type = 'application/json; charset=utf-8';
        ctx.body = Readable.from(chunks, { highWaterMark: 1 }); // one page ahead of the socket, not 16
      },
    ),

    route(
      {
        method: 'GET',
        path: '/api/clients-with-interactions',
        summary: 'Clients with their last interaction',
        audience: 'member',
        answer: z.array(clientWithLastContactSchema),
        errors: [401, 403],
      },
      async (ctx) => {
        ctx.body = await clientsWithInteractions(domainCtx(ctx));
      },
    ),

    route(
      {
        method: 'GET',
        path: '/api/clients/birthdays/today',
        summary: 'Clients whose birthday is today (Lisbon)',
        audience: 'member',
        answer: z.array(clientListItemSchema),
        errors: [401, 403],
      },
      async (ctx) => {
        ctx.body = await birthdaysToday(domainCtx(ctx));
      },
    ),

    // A non-uuid segment is left to later routers (e.g. /api/clients/search) and ends as a 404.
    route(
      {
        method: 'GET',
        path: '/api/clients/:id',
        summary: 'One client',
        audience: 'member',
        answer: clientListItemSchema,
        errors: [404],
      },
      async (ctx, next) => {
        if (!uuidSchema.safeParse(ctx.params.id).success) return next();
        ctx.body = await getClient(domainCtx(ctx), ctx.params.id);
      },
    ),

    route(
      {
        method: 'POST',
        path: '/api/clients',
        summary: 'Create a client (client-generated id accepted; replay-safe)',
        audience: 'writer',
        body: clientCreateSchema,
        invalidMessage: validationMessages.checkRequiredFields,
        answer: clientSchema,
        status: 201,
        errors: [400, 409],
      },
      async (ctx) => {
        ctx.status = 201;
        ctx.body = await createClient(domainCtx(ctx), ctx.request.body);
      },
    ),

    route(
      {
        method: 'PUT',
        path: '/api/clients/:id',
        summary: 'Update a client',
        audience: 'writer',
        body: clientUpdateSchema,
        invalidMessage: validationMessages.checkRequiredFields,
        answer: clientSchema,
        errors: [400, 404, 409],
      },
      async (ctx) => {
        const body = (ctx.request.body ?? {}) as Record<string, unknown>;
        ctx.body = await updateClient(domainCtx(ctx), { ...body, id: ctx.params.id });
      },
    ),

    route(
      {
        method: 'DELETE',
        path: '/api/clients/:id',
        summary: 'Delete a client (soft delete)',
        audience: 'writer',
        answer: okSchema,
        errors: [404],
      },
      async (ctx) => {
        await deleteClient(domainCtx(ctx), { id: ctx.params.id });
        ctx.body = { ok: true };
      },
    ),
  ]);
}
