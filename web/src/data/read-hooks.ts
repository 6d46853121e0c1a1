import { useCallback } from 'react';
import { useLiveQuery } from './live-query';
import type { Client, Property } from '@casa/shared-schema';
import { clientById, clientNames } from './client-reads';
import type { ReplicaDb } from './db';
import {
  listProperties,
  propertiesOfOwner,
  propertyById,
  provisionalReferenceIds,
  type PropertyFilters,
} from './properties';

/**
 * One client, read from the replica (no client index: issue 19), live: null when there is no such client,
 * undefined while reading (also while a new id is read: never the previous id's row).
 */
export function useClient(
  db: ReplicaDb | null | undefined,
  id: string | null | undefined,
): Client | null | undefined {
  const read = useLiveQuery(
    async () => (db ? { id, client: await clientById(db, id) } : undefined),
    [db, id],
  );
  return read && read.id === id ? read.client : undefined;
}

/**
 * The names of these clients (the few a screen shows), read from the replica, live, as a lookup: the name,
 * undefined for a client that is gone, null while its row is read. The same lookup until a read answers
 * (cards that take it as a prop render again only then: issue 19).
 */
export function useClientNames(
  db: ReplicaDb | null | undefined,
  ids: readonly string[],
): (id: string) => string | null | undefined {
  const key = [...new Set(ids)].sort().join('\n');
  const read = useLiveQuery(async () => {
    if (!db) return undefined;
    const wanted = key ? key.split('\n') : [];
    return { wanted: new Set(wanted), names: await clientNames(db, wanted) };
  }, [db, key]);
  // While a longer list is read, the names already known still show.
  return useCallback(
    (id: string) => read?.names.get(id) ?? (read?.wanted.has(id) ? undefined : null),
    [read],
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
