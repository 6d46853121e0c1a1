import { useDeferredValue, useEffect, useSyncExternalStore } from 'react';
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
 *
 * The first answer (a device with no cached user: the spinner until then) renders in a transition: that
 * render mounts the whole signed-in frame and screen, which React then builds in ~5 ms slices instead of
 * one long task (issue 19: 300–500 ms at 4× CPU; docs/decisions.md). Every later change (sign-in,
 * sign-out, a new role) applies at once, as before: flows such as "refresh, then navigate" read it next.
 */
export function useCurrentUser(store: SessionStore): CurrentUserState {
  useEffect(() => {
    store.start();
    return () => store.stop();
  }, [store]);
  const live = useSyncExternalStore(store.subscribe, store.getSnapshot);
  // Lags behind `live` by one transition render; only the step out of "no answer yet" waits for it.
  const deferred = useDeferredValue(live);
  const user = deferred === undefined ? undefined : live;
  return { user, isLoading: user === undefined, refresh: store.refresh, clear: store.clear };
}
