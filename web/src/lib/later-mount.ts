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
