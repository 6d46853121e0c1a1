import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true once that render is on screen, set in a transition: what it gates
 * mounts after the first paint, in ~5 ms slices. For content that is mounted but not visible at first (the
 * phone's closed menu drawer: its portal mounted the whole menu in a synchronous follow-up render of
 * 100–240 ms at 4× CPU, issue 19; docs/decisions.md).
 */
export function useLaterMount(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    startTransition(() => setMounted(true));
  }, []);
  return mounted;
}

/**
 * False until `open` is first true, then true for good: a closed menu, popover or dialog mounts at its
 * first opening rather than in the frame's first commit, where the closed MUI components' hooks and
 * styles cost time for nothing (issue 19); mounted once, it keeps its closing transition. A lazy dialog
 * takes `MountOnceOpened` (ui/mount-once-opened.tsx), which adds its Suspense boundary.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true); // React's derived state: re-renders at once, before the commit
  return opened || open;
}
