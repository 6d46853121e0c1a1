import Router from '@koa/router';
import { requireAuth } from '../../http/auth';
import { domainCtx } from '../../http/context';
import type { AppContextExt, AppState } from '../../http/types';
import { vapidKeys } from '../push/vapid';
import {
  getNotificationPreferences,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  registerPushDevice,
  unregisterPushDevice,
  updateNotificationPreferences,
} from './notifications.domain';

/** The notification calls (docs/product.md#notifications). Every user may use them, viewers included: they are personal. */
export function notificationsRoutes() {
  const router = new Router<AppState, AppContextExt>();

  router.get('/api/notifications', requireAuth, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listNotifications(domainCtx(ctx), ctx.query);
  });

  router.put('/api/notifications/read-all', requireAuth, async (ctx) => {
    ctx.body = await markAllNotificationsRead(domainCtx(ctx));
  });

  router.get('/api/notifications/preferences', requireAuth, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await getNotificationPreferences(domainCtx(ctx));
  });

  router.put('/api/notifications/preferences', requireAuth, async (ctx) => {
    ctx.body = await updateNotificationPreferences(domainCtx(ctx), ctx.request.body);
  });

  router.post('/api/notifications/register', requireAuth, async (ctx) => {
    ctx.status = 201;
    ctx.body = await registerPushDevice(domainCtx(ctx), ctx.request.body);
  });

  router.post('/api/notifications/unregister', requireAuth, async (ctx) => {
    await unregisterPushDevice(domainCtx(ctx), ctx.request.body);
    ctx.body = { ok: true };
  });

  router.get('/api/notifications/vapid-public-key', requireAuth, async (ctx) => {
    ctx.body = { publicKey: (await vapidKeys(ctx.deps.knex, ctx.deps.env)).publicKey };
  });

  router.put('/api/notifications/:id/read', requireAuth, async (ctx) => {
    ctx.body = await markNotificationRead(domainCtx(ctx), { id: ctx.params.id });
  });

  return router;
}
