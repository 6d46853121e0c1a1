import type { Client } from '@casa/shared-schema';
import type { ReplicaDb } from './db';

// Reads of the few clients a screen names (an owner, a follow-up's client, a picker's choice), straight
// from the replica: one IndexedDB request each, no client index on the main thread (issue 19).

/** The client with this id, null when there is none (or no id). */
export async function clientById(db: ReplicaDb, id: string | null | undefined): Promise<Client | null> {
  return id ? ((await db.clients.get(id)) ?? null) : null;
}

/** The names of these clients by id; an id without a client has no entry. */
export async function clientNames(db: ReplicaDb, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  const rows = await db.clients.bulkGet(wanted);
  return new Map(rows.flatMap((c) => (c ? [[c.id, c.name] as const] : [])));
}
