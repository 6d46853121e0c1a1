import type { Knex } from 'knex';
import { toIso } from '../../db/rows';
import { rateLimited } from '../../http/errors';

/** Which rows of which table count one kind of attempt. */
export type SlotScope = { table: 'login_failures' | 'rate_limit_hits'; match: Record<string, string> };

export type Slot = { scope: SlotScope; id: number };

export type SlotLimit = { max: number; windowMs: number; message: (minutes: number) => string };

async function insertRow(db: Knex, scope: SlotScope, now: Date): Promise<number> {
  const [row] = (await db(scope.table).insert({ ...scope.match, created_at: now.toISOString() }, [
    'id',
  ])) as Array<{ id: number | string } | number>;
  return Number(typeof row === 'object' ? row.id : row);
}

/**
 * Takes one attempt slot before the attempt is made: the row is written first, then the rows of the window
 * are counted, so N requests sent together see N rows and at most `max` of them ever proceed, on any
 * dialect and across processes (each insert commits before its count). Over the limit, the row is taken
 * back and a 429 tells the minutes until the oldest of the `max` newest rows leaves the window.
 */
export async function claimSlot(db: Knex, scope: SlotScope, now: Date, limit: SlotLimit): Promise<Slot> {
  const id = await insertRow(db, scope, now);
  const since = new Date(now.getTime() - limit.windowMs).toISOString();
  const rows = (await db(scope.table)
    .where(scope.match)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .select('id', 'created_at')) as Array<{ id: number | string; created_at: unknown }>;
  if (rows.length <= limit.max) return { scope, id };

  await releaseSlot(db, { scope, id });
  const others = rows.filter((r) => Number(r.id) !== id).slice(0, limit.max);
  const oldest = others[others.length - 1];
  const unlockAt = oldest ? new Date(toIso(oldest.created_at)!).getTime() + limit.windowMs : now.getTime();
  const msLeft = Math.max(1000, unlockAt - now.getTime());
  const minutes = Math.max(1, Math.ceil(msLeft / 60_000));
  throw rateLimited(limit.message(minutes), Math.ceil(msLeft / 1000));
}

/** Gives a slot back (the attempt turned out not to count: a success, or refused before it was made). */
export async function releaseSlot(db: Knex, slot: Slot): Promise<void> {
  await db(slot.scope.table).where('id', slot.id).delete();
}

/** Deletes rows older than the window (of one bucket for rate_limit_hits): tables stay small without a timer. */
export async function trimSlots(
  db: Knex,
  table: SlotScope['table'],
  where: Record<string, string>,
  now: Date,
  windowMs: number,
): Promise<void> {
  await db(table)
    .where(where)
    .where('created_at', '<', new Date(now.getTime() - windowMs).toISOString())
    .delete();
}
