import { z } from 'zod';
import { hhmmSchema } from '../primitives';

export const DEFAULT_NOTIFICATION_TIME = '09:00';

/**
 * GET/PUT /api/notifications/preferences. Wire keys are snake_case exactly as docs/product.md#notifications names
 * them; the whole object is read and replaced, missing keys take the defaults.
 */
export const notificationPreferencesSchema = z.object({
  follow_ups: z.boolean().default(true),
  birthdays: z.boolean().default(true),
  overdue_tasks: z.boolean().default(true),
  new_clients: z.boolean().default(true),
  cold_calls: z.boolean().default(true),
  system_alerts: z.boolean().default(true),
  property_matches: z.boolean().default(true),
  email_notifications: z.boolean().default(true),
  push_notifications: z.boolean().default(true),
  notification_time: hhmmSchema.default(DEFAULT_NOTIFICATION_TIME),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/**
 * Strict: a body of unknown keys only is refused rather than saved as "every preference back to its
 * default" (the whole object is replaced), as user-settings updates are.
 */
export const notificationPreferencesUpdateSchema = z.strictObject(notificationPreferencesSchema.shape);
export type NotificationPreferencesUpdate = z.input<typeof notificationPreferencesUpdateSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = notificationPreferencesSchema.parse(
  {},
);

/** Which preference switch governs each notification type. */
export const NOTIFICATION_PREFERENCE_KEY = {
  follow_up: 'follow_ups',
  birthday: 'birthdays',
  overdue_task: 'overdue_tasks',
  new_client: 'new_clients',
  cold_call: 'cold_calls',
  system: 'system_alerts',
  property_match: 'property_matches',
} as const satisfies Record<string, keyof NotificationPreferences>;
