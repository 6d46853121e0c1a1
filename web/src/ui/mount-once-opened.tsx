import { Suspense, type ReactNode } from 'react';
import { useOpenedOnce } from '../lib/later-mount';

/**
 * Mounts a lazily loaded dialog from the first time it opens on (`useOpenedOnce`): its chunk (with zod and
 * the form libraries, docs/decisions.md) loads on demand instead of with the screen, and once mounted it
 * stays, so it keeps its closing transition. The service worker precaches the chunk, so it opens offline too.
 */
export function MountOnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  return useOpenedOnce(open) ? <Suspense fallback={null}>{children}</Suspense> : null;
}
