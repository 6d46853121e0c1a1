import { Suspense, useState, type ReactNode } from 'react';

/**
 * Mounts a lazily loaded dialog from the first time it opens on: its chunk (with zod and the form
 * libraries, docs/decisions.md) loads on demand instead of with the screen, and once mounted it stays, so
 * it keeps its closing transition. The service worker precaches the chunk, so it opens offline too.
 */
export function MountOnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
