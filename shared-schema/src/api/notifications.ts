import { z } from 'zod';
import { NOTIFICATION_PAGE_SIZE } from '../entities/notification';
import { validationMessages as m } from '../messages';

/** Largest page GET /api/notifications answers; a larger `limit` is clamped to it (the web page grows by 50). */
export const NOTIFICATION_LIST_MAX = 200;

/** GET /api/notifications?limit=&unread=true as the server reads it (query strings). */
export const notificationsListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: m.invalidInteger })
    .int({ error: m.invalidInteger })
    .min(1, { error: m.invalidValue })
    .default(NOTIFICATION_PAGE_SIZE)
    .transform((n) => Math.min(n, NOTIFICATION_LIST_MAX)),
  unread: z
    .enum(['true', 'false', '1', '0'], { error: m.invalidValue })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
export type NotificationsListQuery = z.infer<typeof notificationsListQuerySchema>;

/** PUT /api/notifications/:id/read (also the sync mutation's args). */
export const notificationMarkReadSchema = z.object({ id: z.string().min(1) });
export type NotificationMarkRead = z.infer<typeof notificationMarkReadSchema>;

/** PUT /api/notifications/read-all answer. */
export const notificationsReadAllResponseSchema = z.object({ updated: z.number().int().min(0) });

/** GET /api/notifications/vapid-public-key answer (base64url P-256 key for PushManager.subscribe). */
export const vapidPublicKeyResponseSchema = z.object({ publicKey: z.string() });

/** The JSON of a browser PushSubscription, carried in the register call's `token`. */
export const pushSubscriptionJsonSchema = z.object({
  endpoint: z.url({ error: m.invalidValue }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionJsonSchema>;

/** What the service worker receives in a push message. */
export const pushPayloadSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
