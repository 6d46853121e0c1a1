import { Readable } from 'node:stream';
import Router from '@koa/router';
import { clientListQuerySchema, uuidSchema } from '@casa/shared-schema';
import { requireAuth } from '../../http/auth';
import { domainCtx } from '../../http/context';
import type { AppContextExt, AppState } from '../../http/types';
import { createClient, deleteClient, updateClient } from './clients.domain';
import {
  birthdaysToday,
  clientsWithInteractions,
  getClient,
  listClients,
  streamClientListJson,
} from './clients.views';

export function clientsRoutes() {
  const router = new Router<AppState, AppContextExt>();

  router.get('/api/clients', requireAuth, async (ctx) => {
    const query = clientListQuerySchema.parse(ctx.query);
    if (query.limit !== undefined || query.after !== undefined || query.offset) {
      ctx.body = await listClients(domainCtx(ctx), ctx.query);
      return;
    }
    // Every client: streamed by keyset pages (memory flat, event loop free between pages).
    const chunks = await streamClientListJson(domainCtx(ctx));
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = Readable.from(chunks, { highWaterMark: 1 }); // one page ahead of the socket, not 16
  });

  router.get('/api/clients-with-interactions', requireAuth, async (ctx) => {
    ctx.body = await clientsWithInteractions(domainCtx(ctx));
  });

  router.get('/api/clients/birthdays/today', requireAuth, async (ctx) => {
    ctx.body = await birthdaysToday(domainCtx(ctx));
  });

  // A non-uuid segment is left to later routers (e.g. /api/clients/search) and ends as a 404.
  router.get('/api/clients/:id', requireAuth, async (ctx, next) => {
    if (!uuidSchema.safeParse(ctx.params.id).success) return next();
    ctx.body = await getClient(domainCtx(ctx), ctx.params.id);
  });

  router.post('/api/clients', requireAuth, async (ctx) => {
    ctx.status = 201;
    ctx.body = await createClient(domainCtx(ctx), ctx.request.body);
  });

  router.put('/api/clients/:id', requireAuth, async (ctx) => {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    ctx.body = await updateClient(domainCtx(ctx), { ...body, id: ctx.params.id });
  });

  router.delete('/api/clients/:id', requireAuth, async (ctx) => {
    await deleteClient(domainCtx(ctx), { id: ctx.params.id });
    ctx.body = { ok: true };
  });

  return router;
}
