import { startTransition } from 'react';
import { liveQuery } from 'dexie';
import { useObservable } from 'dexie-react-hooks';

/** What `useObservable` reads of an observable (Dexie's live queries, `use-live-answer.ts`'s). */
export type Answers<T> = {
  subscribe(next: (value: T) => void, error?: (failure: unknown) => void): { unsubscribe(): void };
  hasValue?(): boolean;
  getValue?(): T;
};

/**
 * `source` with each answer (and failure) handed over inside a transition. A replica answer arrives from an
 * IndexedDB callback, outside any event; handed over as it is, React renders it at the default priority,
 * which it never slices: one task per answer, as long as the render of everything that answer changed (up
 * to 15 ms at 1× on a signed-in start, 60 ms on a phone; issue 19, docs/decisions.md). In a transition the
 * render goes in slices of ~5 ms, and a tap is handled between two of them. A value the source already
 * holds (`getValue`) is still read at once, during the render, as before.
 */
export function inTransitions<T>(source: Answers<T>): Answers<T> {
  const answers: Answers<T> = {
    subscribe(next, error) {
      return source.subscribe(
        (value) => startTransition(() => next(value)),
        (failure) => startTransition(() => error?.(failure)),
      );
    },
  };
  if (source.hasValue) answers.hasValue = () => source.hasValue!();
  if (source.getValue) answers.getValue = () => source.getValue!();
  return answers;
}

/**
 * Dexie's `useLiveQuery` (the same arguments and answers) whose answers render in transitions
 * (`inTransitions`). Every replica read of the app's screens goes through it, not through dexie-react-hooks.
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
  return useObservable<T, TDefault | undefined>(
    () => inTransitions(liveQuery(querier) as Answers<T>),
    deps ?? [],
    defaultResult,
  );
}
