import { useEffect, useMemo, useState } from 'react';
import { liveQuery } from 'dexie';

/** What `useAnswers` reads of an observable (Dexie's live queries, `use-live-answer.ts`'s). */
export type Answers<T> = {
  subscribe(next: (value: T) => void, error?: (failure: unknown) => void): { unsubscribe(): void };
  hasValue?(): boolean;
  getValue?(): T;
};

/** What a component shows of one source: its last answer (or failure), and which source gave it. */
type Shown<T> = { source: Answers<T>; value: T; failure: unknown };

/** What `source` holds at once (`getValue`), else what was shown before: the last answer stays until the new source's first one. */
function shownAt<T>(source: Answers<T>, before: T): Shown<T> {
  const ready = source.getValue !== undefined && (source.hasValue?.() ?? true);
  return { source, value: ready ? source.getValue!() : before, failure: undefined };
}

/**
 * The answers of the source `makeSource` builds (again when `deps` change); `defaultResult` until the first.
 *
 * Each answer is React state, set when it arrives. Dexie's own `useObservable` keeps it in a ref, written
 * when the answer arrives and rendered later: a render in between for another reason (an update of the
 * same component that changes nothing) read the new answer, React kept that render's effect dependencies
 * while throwing the render away as unchanged, and the effects that depend on the answer never ran for it
 * (the client edit dialog stayed empty; docs/decisions.md). A value the source already holds (`getValue`)
 * is read at once.
 *
 * Not in a transition: React batches pending transitions, so an answer handed over in one could wait for
 * another transition still pending, such as the router's navigation back to a screen while offline, and
 * the screen stayed without its data (a property's gallery empty for a second; stop 42,
 * docs/decisions.md). Measured at start, transitions here saved nothing (scripts/bench/README.md).
 */
export function useAnswers<T, TDefault>(
  makeSource: () => Answers<T>,
  deps: unknown[],
  defaultResult: TDefault,
): T | TDefault {
  // eslint-disable-next-line react-hooks/use-memo, react-hooks/exhaustive-deps -- the caller's deps say when the source is new
  const source = useMemo(makeSource, deps);
  const [shown, setShown] = useState<Shown<T | TDefault>>(() => shownAt<T | TDefault>(source, defaultResult));
  let current = shown;
  if (shown.source !== source) {
    // New deps: React's pattern for state that follows a prop (a render-time update, no effect in between).
    current = shownAt<T | TDefault>(source, shown.value);
    setShown(current);
  }
  useEffect(() => {
    const subscription = source.subscribe(
      (value) =>
        setShown((now) =>
          now.source !== source || (now.value === value && now.failure === undefined)
            ? now
            : { source, value, failure: undefined },
        ),
      (failure) => setShown((now) => (now.source !== source ? now : { source, value: now.value, failure })),
    );
    return () => subscription.unsubscribe();
  }, [source]);
  if (current.failure !== undefined) throw current.failure;
  return current.value;
}

/**
 * Dexie's `useLiveQuery` (the same arguments and answers), each answer React state (`useAnswers`). Every
 * replica read of the app's screens goes through it, not through dexie-react-hooks.
 */
export function useLiveQuery<T>(querier: () => Promise<T> | T, deps?: unknown[]): T | undefined;
export function useLiveQuery<T, TDefault>(
  querier: () => Promise<T> | T,
  deps: unknown[],
  defaultResult: TDefault,
): T | TDefault;
export function useLiveQuery<T, TDefault>(
  querier: () => Promise<T> | T,
  deps?: unknown[],
  defaultResult?: TDefault,
): T | TDefault | undefined {
  return useAnswers(() => liveQuery(querier) as Answers<T>, deps ?? [], defaultResult);
}
