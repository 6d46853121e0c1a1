import Router from '@koa/router';
import { requireAuth } from '../../http/auth';
import { domainCtx } from '../../http/context';
import type { AppContextExt, AppState } from '../../http/types';
import {
  completeFollowUp,
  createFollowUp,
  deleteFollowUp,
  getFollowUp,
  listFollowUps,
  todayFollowUps,
  updateFollowUp,
} from './follow-ups.domain';

const bodyOf = (body: unknown): Record<string, unknown> =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

export function followUpsRoutes() {
  const router = new Router<AppState, AppContextExt>();

  router.get('/api/followups', requireAuth, async (ctx) => {
    ctx.body = await listFollowUps(domainCtx(ctx));
  });

  // Before '/api/followups/:id' so that 'today' is not taken for an id.
  router.get('/api/followups/today', requireAuth, async (ctx) => {
    ctx.body = await todayFollowUps(domainCtx(ctx));
  });

  router.get('/api/followups/:id', requireAuth, async (ctx) => {
    ctx.body = await getFollowUp(domainCtx(ctx), ctx.params.id);
  });

  router.post('/api/followups', requireAuth, async (ctx) => {
    ctx.status = 201;
    ctx.body = await createFollowUp(domainCtx(ctx), ctx.request.body);
  });

  // Before '/api/followups/:id' so that 'complete' is not taken for an id.
  router.put('/api/followups/complete', requireAuth, async (ctx) => {
    ctx.body = await completeFollowUp(domainCtx(ctx), ctx.request.body);
  });

  router.put('/api/followups/:id/complete', requireAuth, async (ctx) => {
    ctx.body = await completeFollowUp(domainCtx(ctx), { ...bodyOf(ctx.request.body), id: ctx.params.id });
  });

  router.put('/api/followups/:id', requireAuth, async (ctx) => {
    ctx.body = await updateFollowUp(domainCtx(ctx), { ...bodyOf(ctx.request.body), id: ctx.params.id });
  });

  router.delete('/api/followups/:id', requireAuth, async (ctx) => {
    await deleteFollowUp(domainCtx(ctx), { id: ctx.params.id });
    ctx.body = { ok: true };
  });

  return router;
}
