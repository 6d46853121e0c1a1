import type { Interaction, Tag } from '@casa/shared-schema';
import { clientWithTags, type ClientWithTags } from '../../data/queries';
import type { ReplicaDb } from '../../data/db';
import { displayName } from '../auth/user-display.logic';

/** A client's interactions, newest first. */
export async function clientInteractions(db: ReplicaDb, clientId: string): Promise<Interaction[]> {
  const rows = await db.interactions.where('clientId').equals(clientId).toArray();
  return rows.sort((a, b) =>
    a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
  );
}

/** `{client: null}` once read and absent, so callers can tell "not found" from "still reading". */
export async function clientDetail(db: ReplicaDb, id: string): Promise<{ client: ClientWithTags | null }> {
  return { client: (await clientWithTags(db, id)) ?? null };
}

/** Every tag, by name (pt-PT). */
export async function allTags(db: ReplicaDb): Promise<Tag[]> {
  const tags = await db.tags.toArray();
  return tags.sort((a, b) => a.name.localeCompare(b.name, 'pt-PT'));
}

/** Organization users' display names by id (agent names on cards and in the detail). */
export async function agentNames(db: ReplicaDb): Promise<Map<string, string>> {
  const users = await db.users.toArray();
  return new Map(users.map((u) => [u.id, displayName(u)]));
}
