import { useEffect, useSyncExternalStore } from 'react';
import type { CurrentUser } from '@casa/shared-schema';
import type { SessionStore } from './session-store';

export type CurrentUserState = {
  /** `null` when logged out (a 401 or any error answer); `undefined` only before the first answer. */
  user: CurrentUser | null | undefined;
  isLoading: boolean;
  /** Re-reads the session now (after login or a profile update). */
  refresh: () => Promise<void>;
  /** Forgets the user locally, e.g. right after logout. */
  clear: () => void;
};

/**
 * Polls GET /api/auth/me through the store while mounted. Mount it once (the session provider does);
 * screens read the result through `useSession()`.
 */
export function useCurrentUser(store: SessionStore): CurrentUserState {
  useEffect(() => {
    store.start();
    return () => store.stop();
  }, [store]);
  const user = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { user, isLoading: user === undefined, refresh: store.refresh, clear: store.clear };
}
