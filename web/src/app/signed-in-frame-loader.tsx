import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { CurrentUser } from '@casa/shared-schema';
import { FullScreenSpinner } from '../ui/full-screen-spinner';
import { loadedSignedInFrame, loadSignedInFrame, SIGNED_IN_LAST_TIME_KEY } from './signed-in-frame-preload';

const LazySignedInFrame = lazy(loadSignedInFrame);

function rememberSignedIn(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_LAST_TIME_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_LAST_TIME_KEY);
  } catch {
    // Storage can be unavailable (private mode): the hint is only a preload.
  }
}

/** The signed-in frame around `children`, loaded on demand. */
export function SignedInFrameLoader({ user, children }: { user: CurrentUser; children: ReactNode }) {
  // Chosen once: a later switch from the lazy wrapper to the module would remount the frame (its replica).
  const [SignedInFrame] = useState(() => loadedSignedInFrame()?.default ?? LazySignedInFrame);
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
