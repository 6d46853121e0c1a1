import type { Platform } from '../../app/pwa/install-logic';

/** What the settings control offers: the permission itself, or why push cannot be asked for here. */
export type PushAvailability = NotificationPermission | 'unsupported' | 'install-first';

/**
 * iOS (16.4+) only offers web push to the installed app, so in a Safari tab the answer is to install it
 * first; elsewhere push needs Notification, service workers and PushManager.
 */
export function pushAvailability(c: {
  platform: Platform;
  standalone: boolean;
  apis: boolean;
  permission: NotificationPermission | null;
}): PushAvailability {
  if (c.platform === 'ios' && !c.standalone) return 'install-first';
  if (!c.apis || c.permission === null) return 'unsupported';
  return c.permission;
}
