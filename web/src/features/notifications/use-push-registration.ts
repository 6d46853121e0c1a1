import { useEffect } from 'react';
import { api } from '../../lib/api';
import { browserPushEnvironment } from './push-browser.api';
import { registerPushOnce } from './push-registration.actions';

/** docs/product.md#notifications: with notification permission granted, the device registers for push once per session. */
export function usePushRegistration(userId: string, enabled: boolean): void {
  useEffect(() => {
    if (enabled) void registerPushOnce(userId, browserPushEnvironment(), api);
  }, [userId, enabled]);
}
