import Router from '@koa/router';
import { requireAuth } from '../../http/auth';
import { domainCtx } from '../../http/context';
import type { AppContextExt, AppState } from '../../http/types';
import { createTag, listClientTags, listTags, setClientTags } from './tags.domain';

export function tagsRoutes() {
  const router = new Router<AppState, AppContextExt>();

  router.get('/api/tags', requireAuth, async (ctx) => {
    ctx.body = await listTags(domainCtx(ctx));
  });

  // 201 for a new tag, 200 when an existing one with the same name is reused.
  router.post('/api/tags', requireAuth, async (ctx) => {
    const { tag, created } = await createTag(domainCtx(ctx), ctx.request.body);
    ctx.status = created ? 201 : 200;
    ctx.body = tag;
  });

  router.get('/api/clients/:id/tags', requireAuth, async (ctx) => {
    ctx.body = await listClientTags(domainCtx(ctx), ctx.params.id);
  });

  router.post('/api/clients/:id/tags', requireAuth, async (ctx) => {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    ctx.body = await setClientTags(domainCtx(ctx), { ...body, clientId: ctx.params.id });
  });

  return router;
}
