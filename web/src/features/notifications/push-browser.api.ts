import { detectPlatform } from '../../app/pwa/install-logic';
import { isStandalone } from '../../app/pwa/display-mode';
import { pushAvailability, type PushAvailability } from './push-availability.logic';
import type { PushEnvironment, PushManagerLike } from './push-registration.actions';

function pushApis(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'PushManager' in window &&
    'serviceWorker' in navigator
  );
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function browserPushAvailability(): PushAvailability {
  return pushAvailability({
    platform: detectPlatform(navigator.userAgent, navigator.maxTouchPoints),
    standalone: isStandalone(),
    apis: pushApis(),
    permission: typeof Notification === 'undefined' ? null : Notification.permission,
  });
}

/** The real browser: the active worker's PushManager, sessionStorage, navigator's device facts. */
export function browserPushEnvironment(): PushEnvironment {
  return {
    permission: () => (pushApis() ? Notification.permission : 'unsupported'),
    pushManager: async () =>
      ((await navigator.serviceWorker.ready).pushManager as unknown as PushManagerLike | undefined) ?? null,
    session: sessionStore(),
    deviceInfo: () => {
      const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
      return {
        userAgent: nav.userAgent.slice(0, 1000),
        platform: (nav.userAgentData?.platform || nav.platform || '').slice(0, 200),
        language: (nav.language ?? '').slice(0, 50),
      };
    },
    logError: (message, cause) => console.error(message, cause),
  };
}

/** Asks for notification permission; call it only from a user gesture (iOS refuses otherwise). */
export async function requestPushPermission(): Promise<NotificationPermission> {
  return Notification.requestPermission();
}
