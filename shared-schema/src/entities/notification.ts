import { z } from 'zod';
import { notificationTypeSchema } from '../enums';
import { validationMessages as m } from '../messages';
import {
  boundedJsonRecord,
  isoDateTimeSchema,
  safeMultilineString,
  safeString,
  uuidSchema,
} from '../primitives';

export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_MAX_LIMIT = 500;

export const notificationSchema = z.object({
  id: uuidSchema,
  organizationId: uuidSchema.nullable(),
  userId: uuidSchema,
  type: notificationTypeSchema,
  title: z.string(),
  body: z.string().nullable(),
  read: z.boolean(),
  readAt: isoDateTimeSchema.nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  deletedAt: isoDateTimeSchema.nullable().optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Server-side creation (reminders, birthdays, new clients, system messages). */
export const notificationCreateSchema = z.object({
  id: uuidSchema.optional(),
  userId: uuidSchema,
  type: notificationTypeSchema,
  title: safeString().trim().min(1, { error: m.fieldRequired }).max(200, { error: m.textTooLong }),
  body: safeMultilineString().max(2000, { error: m.textTooLong }).nullable().optional(),
  data: boundedJsonRecord().nullable().optional(),
});
export type NotificationCreate = z.infer<typeof notificationCreateSchema>;

export const notificationUpdateSchema = z.object({ read: z.boolean() }).partial();
export type NotificationUpdate = z.infer<typeof notificationUpdateSchema>;

/** GET /api/notifications?limit=&unread=true (query strings). */
export const notificationListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: m.invalidInteger })
    .int({ error: m.invalidInteger })
    .min(1, { error: m.invalidValue })
    .max(NOTIFICATION_MAX_LIMIT, { error: m.invalidValue })
    .default(NOTIFICATION_PAGE_SIZE),
  unread: z
    .enum(['true', 'false', '1', '0'], { error: m.invalidValue })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationListResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int().min(0),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;
