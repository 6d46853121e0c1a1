import { startTransition, useEffect, useState, type DependencyList } from 'react';
import { useTransitionStore } from '../../lib/transition-store';
import { INITIAL_SEARCH_STATE, type ClientSearch } from './client-search';

const noSubscription = () => () => {};
const noState = () => INITIAL_SEARCH_STATE;

/**
 * One answer of the search worker, live: `ask` runs once the index is built, again on every change of the
 * index and of `deps`; the last request's answer wins (an earlier one arriving late is dropped), and the
 * previous answer stays shown while the next one is computed. `ask` answering null (a question that cannot
 * be asked yet) or the worker answering null (its index not ready) leaves the answer as it is. undefined
 * until the first answer, and again when the search itself changes (another replica). The worker's state
 * and its answers re-render in transitions (issue 19: sliced renders at start; lib/transition-store.ts).
 */
export function useWorkerAnswer<T>(
  search: ClientSearch | null,
  ask: (search: ClientSearch) => Promise<T | null> | null,
  deps: DependencyList,
): T | undefined {
  const state = useTransitionStore(search?.subscribe ?? noSubscription, search?.getSnapshot ?? noState);
  const [answer, setAnswer] = useState<{ search: ClientSearch; value: T } | null>(null);
  useEffect(() => {
    if (!search || !state.ready) return;
    const asked = ask(search);
    if (!asked) return;
    let current = true;
    void asked.then((value) => {
      if (current && value !== null) startTransition(() => setAnswer({ search, value }));
    });
    return () => void (current = false);
    // `ask` is a new closure per render: what it reads is in `deps`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, state.ready, state.version, ...deps]);
  return answer?.search === search ? answer.value : undefined;
}
