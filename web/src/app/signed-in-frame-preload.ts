import type SignedInFrameModule from './signed-in-frame';

/** localStorage: '1' when someone was signed in on this device last time. */
export const SIGNED_IN_LAST_TIME_KEY = 'casa.signedIn';

/** The frame's module once loaded: rendered directly, without a Suspense round (spinner, then frame). */
let loaded: { default: typeof SignedInFrameModule } | undefined;
export const loadedSignedInFrame = () => loaded;
export const loadSignedInFrame = () => import('./signed-in-frame').then((module) => (loaded = module));

/**
 * Someone signed in on this device last time: fetch the signed-in chunk alongside the session check
 * instead of after it. A wrong guess only costs a download. Free of React and MUI: the entry calls it
 * before its stages arrive (main.tsx).
 */
export function preloadSignedInFrameIfLikely(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
) {
  try {
    if (storage?.getItem(SIGNED_IN_LAST_TIME_KEY) === '1') void loadSignedInFrame();
  } catch {
    // Storage can be unavailable (private mode); the chunk then loads after the session check.
  }
}
