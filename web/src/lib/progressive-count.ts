import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` items to draw now: `step` at first, then `step` more in a task of its own after each
 * commit, until all are drawn. A list whose rows arrive at once (the 50 follow-up cards of /followups from
 * the replica) was one task of 100–290 ms at 4× CPU, most of it React's commit and emotion's styles (issue
 * 19, scripts/bench/trace-startup.ts); in steps, the first screen's cards show in the first task and no
 * task holds the page for long. A new `resetKey` (another tab) starts again from `step`. Each later step is a
 * transition: React renders it in slices, yielding to the browser between cards.
 */
export function useProgressiveCount(total: number, step: number, resetKey: unknown = null): number {
  const [state, setState] = useState({ key: resetKey, shown: step });
  const shown = state.key === resetKey ? state.shown : step;
  if (state.key !== resetKey) setState({ key: resetKey, shown: step });
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(
      () => startTransition(() => setState((s) => ({ ...s, shown: s.shown + step }))),
      0,
    );
    return () => clearTimeout(timer);
  }, [shown, total, step]);
  return Math.min(shown, total);
}
