import { liveQuery } from 'dexie';
import { useAnswers, type Answers } from './live-query';

/**
 * The answers of Dexie's live query for `querier`, each one shown as soon as it is read, even when a write
 * overtook it. Dexie's own `liveQuery` drops an answer whose tables changed while it was read and reads
 * again: a read longer than the time between two writes (1,000+ follow-ups on a slow phone, another device
 * writing every few hundred ms) then never answers, and the screen stays where it was for as long as the
 * writes go on (scripts/bench/README.md, the follow-ups list under live writes). Here every finished read
 * is shown unless a later-started one was shown already, so a screen is at most one write behind, and the
 * read Dexie starts again brings it up to date.
 */
function liveAnswers<T>(querier: () => Promise<T> | T): Answers<T> {
  return {
    subscribe(next, error) {
      let started = 0;
      let shown = 0;
      let closed = false;
      const reads = liveQuery(async () => {
        const mine = (started += 1);
        const value = await querier();
        if (!closed && mine > shown) {
          shown = mine;
          next(value);
        }
        return value;
      }).subscribe({ error: (failure: unknown) => !closed && error?.(failure) });
      return {
        unsubscribe() {
          closed = true;
          reads.unsubscribe();
        },
      };
    },
  };
}

/**
 * `useLiveQuery` whose reads are never all dropped by a stream of writes (`liveAnswers`), each answer
 * kept as React state as `useLiveQuery`'s (`useAnswers`, live-query.ts).
 */
export function useLiveAnswer<T>(querier: () => Promise<T> | T, deps: unknown[]): T | undefined {
  return useAnswers(() => liveAnswers(querier), deps, undefined);
}
