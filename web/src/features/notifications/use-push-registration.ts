import { useEffect } from 'react';
import { api } from '../../lib/api';
import { afterFirstPaint } from '../../lib/after-paint';
import { browserPushEnvironment } from './push-browser.api';
import { registerPushOnce } from './push-registration.actions';

/**
 * docs/product.md#notifications: with notification permission granted, the device registers for push once
 * per session. After the first paint: reading `Notification.permission` is a synchronous browser call that
 * cost the frame's first commit 6–7 ms at 4× CPU (issue 19).
 */
export function usePushRegistration(userId: string, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    afterFirstPaint(() => {
      if (live) void registerPushOnce(userId, browserPushEnvironment(), api);
    });
    return () => {
      live = false;
    };
  }, [userId, enabled]);
}
