import { useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Property } from '@casa/shared-schema';
import { clientIndexOf, EMPTY_CLIENT_INDEX, type ClientIndexSnapshot } from './client-search/client-index';
import type { ReplicaDb } from './db';
import {
  listProperties,
  propertiesOfOwner,
  propertyById,
  provisionalReferenceIds,
  type PropertyFilters,
} from './properties';

const noSubscription = () => () => {};

/**
 * Every client of the replica, normalised for search and filters (see client-index.ts). `firstPage`: a
 * screen that can show the first clients before the whole index is built (its `first`).
 */
export function useClientIndex(db: ReplicaDb | null | undefined, firstPage = 0): ClientIndexSnapshot {
  const index = db ? clientIndexOf(db, firstPage) : null;
  return useSyncExternalStore(
    index?.subscribe ?? noSubscription,
    index?.getSnapshot ?? (() => EMPTY_CLIENT_INDEX),
  );
}

/**
 * The replica's properties passing `filters` (GET /api/properties' filters), newest first, live: undefined
 * while the first read runs. `provisional`: ids whose reference still shows 'A atribuir…'.
 */
export function useProperties(
  db: ReplicaDb | null | undefined,
  filters: PropertyFilters = {},
): { properties: Property[]; provisional: Set<string> } | undefined {
  return useLiveQuery(
    async () =>
      db
        ? { properties: await listProperties(db, filters), provisional: await provisionalReferenceIds(db) }
        : undefined,
    [db, JSON.stringify(filters)],
  );
}

/** One property, live (null once it is gone; undefined while reading). */
export function useProperty(db: ReplicaDb | null | undefined, id: string): Property | null | undefined {
  return useLiveQuery(async () => (db ? ((await propertyById(db, id)) ?? null) : undefined), [db, id]);
}

/** A seller client's properties, live. */
export function useOwnerProperties(db: ReplicaDb | null | undefined, ownerClientId: string) {
  return useLiveQuery(
    async () => (db ? propertiesOfOwner(db, ownerClientId) : undefined),
    [db, ownerClientId],
  );
}
