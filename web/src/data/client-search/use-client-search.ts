import { startTransition, useEffect, useReducer, useState } from 'react';
import type { Client } from '@casa/shared-schema';
import type { ReplicaDb } from '../db';
import { useTransitionStore } from '../../lib/transition-store';
import { clientSearchOf, INITIAL_SEARCH_STATE, type ClientSearch } from './client-search';
import type { ClientCriteria } from './client-index';
import type { Matches, SearchState } from './protocol';

const noSubscription = () => () => {};
const noState = () => INITIAL_SEARCH_STATE;

/**
 * The replica's client search (the worker) and its state, live; `firstPage` as in clientSearchOf. A screen
 * asking the worker something else than matches asks again when `state` changes. The worker's state
 * changes (its first page, the count, the index built, a new version) re-render in a transition: sliced,
 * not one long task per change (issue 19, lib/transition-store.ts).
 */
export function useClientSearch(
  db: ReplicaDb | null | undefined,
  firstPage = 0,
): { search: ClientSearch | null; state: SearchState } {
  const search = db ? clientSearchOf(db, firstPage) : null;
  const state = useTransitionStore(search?.subscribe ?? noSubscription, search?.getSnapshot ?? noState);
  return { search, state };
}

/**
 * The clients matching `criteria`, from the search worker, live: asked again on every new criteria and on
 * every change of the index. Answers can come back out of order with the typing; one older than the
 * answer shown is dropped, a newer one is shown even when the criteria moved on meanwhile (the screen says
 * which query it answers: `matches.criteria`). undefined until the first answer. `limit`: only the first
 * ids are sent (a screen that shows the count only asks for none).
 */
export function useClientMatches(
  db: ReplicaDb | null | undefined,
  criteria: ClientCriteria,
  firstPage = 0,
  limit?: number,
): { search: ClientSearch | null; state: SearchState; matches: Matches | undefined } {
  const { search, state } = useClientSearch(db, firstPage);
  const [shown, setShown] = useState<{ search: ClientSearch; matches: Matches } | null>(null);
  const key = JSON.stringify(criteria);
  useEffect(() => {
    if (!search) return;
    void search.query(JSON.parse(key) as ClientCriteria, limit).then((matches) =>
      // The list's render of a new answer in a transition: sliced, and a keystroke interrupts it.
      startTransition(() =>
        setShown((prev) =>
          prev && prev.search === search && prev.matches.id > matches.id ? prev : { search, matches },
        ),
      ),
    );
    // Every state change (the first page, the count, the index built, a new version) asks again.
  }, [search, key, state, limit]);
  return { search, state, matches: shown?.search === search ? shown.matches : undefined };
}

/**
 * The rows of the ids a list shows, fetched from the search worker as they come into view: answers
 * whether a row is in hand (a card keeps its previous row while a newer one is fetched).
 */
export function useClientRows(
  search: ClientSearch,
  visible: readonly string[],
): (id: string) => Client | null | undefined {
  const [, rowsArrived] = useReducer((n: number) => n + 1, 0);
  useEffect(() => search.onRows(rowsArrived), [search]);
  // After every render: cheap for the few visible ids, and a row that arrived stale is asked again.
  useEffect(() => search.wantRows(visible));
  return (id) => search.cachedRow(id);
}
