import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { CurrentUser } from '@casa/shared-schema';
import { FullScreenSpinner } from '../ui/full-screen-spinner';
import type SignedInFrameModule from './signed-in-frame';

const HINT_KEY = 'casa.signedIn';

/** The frame's module once loaded: rendered directly, without a Suspense round (spinner, then frame). */
let loaded: { default: typeof SignedInFrameModule } | undefined;
export const loadSignedInFrame = () => import('./signed-in-frame').then((module) => (loaded = module));
const LazySignedInFrame = lazy(loadSignedInFrame);

/**
 * Someone signed in on this device last time: fetch the signed-in chunk alongside the session check
 * instead of after it. A wrong guess only costs a download.
 */
export function preloadSignedInFrameIfLikely(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
) {
  try {
    if (storage?.getItem(HINT_KEY) === '1') void loadSignedInFrame();
  } catch {
    // Storage can be unavailable (private mode); the chunk then loads after the session check.
  }
}

function rememberSignedIn(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(HINT_KEY, '1');
    else localStorage.removeItem(HINT_KEY);
  } catch {
    // See above.
  }
}

/** The signed-in frame around `children`, loaded on demand. */
export function SignedInFrameLoader({ user, children }: { user: CurrentUser; children: ReactNode }) {
  // Chosen once: a later switch from the lazy wrapper to the module would remount the frame (its replica).
  const [SignedInFrame] = useState(() => loaded?.default ?? LazySignedInFrame);
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <SignedInFrame user={user}>{children}</SignedInFrame>
    </Suspense>
  );
}

/** Keeps the preload hint in step with the session (null: signed out). */
export function useSignedInHint(user: CurrentUser | null | undefined) {
  useEffect(() => {
    if (user !== undefined) rememberSignedIn(Boolean(user));
  }, [user]);
}
