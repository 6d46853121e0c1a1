import { startTransition, useEffect, useState } from 'react';

const whole = <T>(value: T) => value;

/**
 * An external store read like `useSyncExternalStore`, except that its changes re-render in a transition:
 * React renders them in ~5 ms slices between other work and renders the changes that arrive meanwhile
 * together, where a `useSyncExternalStore` change always renders synchronously, in one task, and throws away
 * any transition render in progress, which then starts again (issue 19: no main-thread task over 50 ms;
 * docs/decisions.md). For data that arrives (a worker's state, the sync engine's state, a page of rows),
 * never for what the user types: a component may show the previous value for a few frames, and two readers
 * of the store may briefly disagree (no tearing guarantee). `subscribe` and `getSnapshot` should be stable
 * (module functions or a store's bound methods): a new one subscribes again.
 */
export function useTransitionStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
): T {
  return useTransitionSelect(subscribe, getSnapshot, whole<T>);
}

/**
 * `useTransitionStore` reduced to `select(snapshot)`: the component renders again only when that value
 * changes (Object.is), not at every change of the store. `select` should be stable too (a module function,
 * or `useCallback` over what it reads).
 */
export function useTransitionSelect<T, S>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  select: (snapshot: T) => S,
): S {
  const [shown, setShown] = useState(() => ({
    subscribe,
    getSnapshot,
    select,
    value: select(getSnapshot()),
  }));
  useEffect(() => {
    const update = () => {
      const value = select(getSnapshot());
      startTransition(() =>
        setShown((previous) =>
          previous.subscribe === subscribe &&
          previous.getSnapshot === getSnapshot &&
          previous.select === select &&
          Object.is(previous.value, value)
            ? previous
            : { subscribe, getSnapshot, select, value },
        ),
      );
    };
    // A change between the render and this subscription is not lost.
    update();
    return subscribe(update);
  }, [subscribe, getSnapshot, select]);
  // Another store or selection (another replica, another collection): its value now, not the previous one's.
  return shown.subscribe === subscribe && shown.getSnapshot === getSnapshot && shown.select === select
    ? shown.value
    : select(getSnapshot());
}
