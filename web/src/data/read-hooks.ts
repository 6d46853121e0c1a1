import { useSyncExternalStore } from 'react';
import { clientIndexOf, type ClientIndexSnapshot } from './client-index';
import type { ReplicaDb } from './db';

const EMPTY_INDEX: ClientIndexSnapshot = {
  ready: false,
  entries: [],
  byId: new Map(),
  version: 0,
  first: null,
  total: null,
};
const noSubscription = () => () => {};

/**
 * Every client of the replica, normalised for search and filters (see client-index.ts). `firstPage`: a
 * screen that can show the first clients before the whole index is built (its `first`).
 */
export function useClientIndex(db: ReplicaDb | null | undefined, firstPage = 0): ClientIndexSnapshot {
  const index = db ? clientIndexOf(db, firstPage) : null;
  return useSyncExternalStore(index?.subscribe ?? noSubscription, index?.getSnapshot ?? (() => EMPTY_INDEX));
}
