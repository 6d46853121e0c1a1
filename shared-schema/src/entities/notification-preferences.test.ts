import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, notificationPreferencesSchema } from './notification-preferences';

describe('notificationPreferencesSchema', () => {
  it('defaults every switch on and the time to 09:00, with the snake_case wire keys', () => {
    expect(DEFAULT_NOTIFICATION_PREFERENCES).toEqual({
      follow_ups: true,
      birthdays: true,
      overdue_tasks: true,
      new_clients: true,
      cold_calls: true,
      system_alerts: true,
      property_matches: true,
      email_notifications: true,
      push_notifications: true,
      notification_time: '09:00',
    });
  });

  it('replaces the whole object, keeping given values', () => {
    const p = notificationPreferencesSchema.parse({ birthdays: false, notification_time: '18:30' });
    expect(p.birthdays).toBe(false);
    expect(p.follow_ups).toBe(true);
    expect(p.notification_time).toBe('18:30');
  });

  it('rejects a bad time', () => {
    expect(
      notificationPreferencesSchema.safeParse({ notification_time: '9h' }).error?.issues[0]?.message,
    ).toBe('Hora inválida (use HH:MM)');
  });
});
