import Dexie from 'dexie';
import type { Client, ClientType, FollowUp, Tag } from '@casa/shared-schema';
import { lisbonDayBounds } from '@casa/shared-schema/values';
import type { ReplicaDb } from './db';

/**
 * The screens' reads, as plain functions over the replica (the screens wrap them in useLiveQuery). Clients come in index order of `name` (code-unit order, not pt-PT collation).
 */
export function clientsByType(
  db: ReplicaDb,
  type: ClientType | null,
  page: { offset?: number; limit?: number } = {},
): Promise<Client[]> {
  let rows = type
    ? db.clients.where('[type+name]').between([type, Dexie.minKey], [type, Dexie.maxKey])
    : db.clients.orderBy('name');
  if (page.offset) rows = rows.offset(page.offset);
  if (page.limit) rows = rows.limit(page.limit);
  return rows.toArray();
}

export type ClientWithTags = Client & { tagDetails: Pick<Tag, 'id' | 'name' | 'color'>[] };

export async function clientWithTags(db: ReplicaDb, id: string): Promise<ClientWithTags | undefined> {
  const client = await db.clients.get(id);
  if (!client) return undefined;
  const links = await db.clientTags.where('clientId').equals(id).toArray();
  const tags = (await db.tags.bulkGet(links.map((l) => l.tagId))).filter((t): t is Tag => Boolean(t));
  const tagDetails = tags
    .map(({ id: tagId, name, color }) => ({ id: tagId, name, color }))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-PT'));
  return { ...client, tagDetails };
}

const byDateThenId = (a: FollowUp, b: FollowUp) =>
  a.scheduledDate === b.scheduledDate ? (a.id < b.id ? -1 : 1) : a.scheduledDate < b.scheduledDate ? -1 : 1;

/** Not completed and scheduled within today's Lisbon day (as GET /api/followups/today). */
export async function todayFollowUps(db: ReplicaDb, now: Date = new Date()): Promise<FollowUp[]> {
  const { start, end } = lisbonDayBounds(now);
  // One read of the day's rows, filtered here: a Dexie .filter() walks a cursor, one main-thread task per
  // row, which waits behind any long task (the client index build) on the way.
  const rows = await db.followUps
    .where('scheduledDate')
    .between(start.toISOString(), end.toISOString(), true, false)
    .toArray();
  return rows.filter((f) => !f.completed).sort(byDateThenId);
}

export function unreadNotificationCount(db: ReplicaDb): Promise<number> {
  return db.notifications.filter((n) => !n.read).count();
}
