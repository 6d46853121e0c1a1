import { defineRoutes, route } from '../../http/route';
import { okSchema } from '../../http/answers';
import {
  notificationListResponseSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  notificationSchema,
  notificationsListQuerySchema,
  notificationsReadAllResponseSchema,
  pushDeviceCreateSchema,
  pushDeviceSchema,
  pushDeviceUnregisterSchema,
  vapidPublicKeyResponseSchema,
} from '@casa/shared-schema';
import { domainCtx } from '../../http/context';
import { vapidKeys } from '../push/vapid.service';
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
  return defineRoutes('notifications', [
    route(
      {
        method: 'GET',
        path: '/api/notifications',
        summary: 'Own notifications and the unread count',
        audience: 'member',
        query: notificationsListQuerySchema,
        answer: notificationListResponseSchema,
        errors: [400, 401],
      },
      async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = await listNotifications(domainCtx(ctx), ctx.query);
      },
    ),

    route(
      {
        method: 'PUT',
        path: '/api/notifications/read-all',
        summary: 'Mark all own notifications read',
        audience: 'member',
        answer: notificationsReadAllResponseSchema,
        errors: [401],
      },
      async (ctx) => {
        ctx.body = await markAllNotificationsRead(domainCtx(ctx));
      },
    ),

    route(
      {
        method: 'GET',
        path: '/api/notifications/preferences',
        summary: 'Own notification preferences',
        audience: 'member',
        answer: notificationPreferencesSchema,
        errors: [401],
      },
      async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = await getNotificationPreferences(domainCtx(ctx));
      },
    ),

    route(
      {
        method: 'PUT',
        path: '/api/notifications/preferences',
        summary: 'Update own notification preferences',
        audience: 'member',
        body: notificationPreferencesUpdateSchema,
        answer: notificationPreferencesSchema,
        errors: [400, 401],
      },
      async (ctx) => {
        ctx.body = await updateNotificationPreferences(domainCtx(ctx), ctx.request.body);
      },
    ),

    route(
      {
        method: 'POST',
        path: '/api/notifications/register',
        summary: 'Register a web-push device',
        audience: 'member',
        body: pushDeviceCreateSchema,
        answer: pushDeviceSchema,
        status: 201,
        errors: [400, 401, 409],
      },
      async (ctx) => {
        ctx.status = 201;
        ctx.body = await registerPushDevice(domainCtx(ctx), ctx.request.body);
      },
    ),

    route(
      {
        method: 'POST',
        path: '/api/notifications/unregister',
        summary:
          "`{endpoint}`: stop web push to this browser (only the owner's row goes; register answers 409 for an endpoint another user registered first)",
        audience: 'member',
        body: pushDeviceUnregisterSchema,
        answer: okSchema,
        errors: [400, 401],
      },
      async (ctx) => {
        await unregisterPushDevice(domainCtx(ctx), ctx.request.body);
        ctx.body = { ok: true };
      },
    ),

    route(
      {
        method: 'GET',
        path: '/api/notifications/vapid-public-key',
        summary: 'The VAPID public key for web push',
        audience: 'member',
        answer: vapidPublicKeyResponseSchema,
        errors: [401],
      },
      async (ctx) => {
        ctx.body = { publicKey: (await vapidKeys(ctx.deps.knex, ctx.deps.env)).publicKey };
      },
    ),

    route(
      {
        method: 'PUT',
        path: '/api/notifications/:id/read',
        summary: 'Mark one notification read',
        audience: 'member',
        answer: notificationSchema,
        errors: [401, 404],
      },
      async (ctx) => {
        ctx.body = await markNotificationRead(domainCtx(ctx), { id: ctx.params.id });
      },
    ),
  ]);
}
