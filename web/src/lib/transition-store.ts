import { startTransition, useEffect, useState } from 'react';

/**
 * An external store read like `useSyncExternalStore`, except that its changes re-render in a transition:
 * React renders them in ~5 ms slices between other work and renders the changes that arrive meanwhile
 * together, where a `useSyncExternalStore` change always renders synchronously, in one task (issue 19: no
 * main-thread task over 50 ms at start; docs/decisions.md). For data that arrives (a worker's state, a
 * page of rows), never for what the user types: a component may show the previous value for a few frames,
 * and two readers of the store may briefly disagree (no tearing guarantee). `subscribe` and `getSnapshot`
 * should be stable (module functions or a store's bound methods): a new one subscribes again.
 */
export function useTransitionStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
): T {
  const [shown, setShown] = useState(() => ({ subscribe, value: getSnapshot() }));
  useEffect(() => {
    const update = () =>
      startTransition(() =>
        setShown((previous) => {
          const value = getSnapshot();
          return previous.subscribe === subscribe && Object.is(previous.value, value)
            ? previous
            : { subscribe, value };
        }),
      );
    // A change between the render and this subscription is not lost.
    update();
    return subscribe(update);
  }, [subscribe, getSnapshot]);
  // Another store (another replica's search): its value now, not the previous store's.
  return shown.subscribe === subscribe ? shown.value : getSnapshot();
}
