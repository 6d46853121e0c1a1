import type { Knex } from 'knex';
import { replicatedSpecOf } from '@casa/shared-schema';
import { ACCOUNT_SYNC_TABLES, SYNCABLE_TABLES } from './tables';
import { announceChanges } from './change-notify';
import { deferChanges, takeDeferredChanges, type DeferredChange } from './change-log-deferred';
import { forgetPrefetched } from './prefetched-rows';
import { isTransaction } from './transaction';

/** Tables whose rows are replicated to clients and therefore recorded in `sync_changes`. */
export type ReplicatedTable = (typeof SYNCABLE_TABLES)[number];

/** Account tables replicated read-only (members, own settings and preferences); rows keyed by user id. */
export type AccountTable = (typeof ACCOUNT_SYNC_TABLES)[number];

/** Every table whose writes are recorded in `sync_changes`. */
export type LoggedTable = ReplicatedTable | AccountTable;

export type ChangeOp = 'upsert' | 'delete';

/** One replicated row that was written (created or updated: 'upsert'; soft-deleted: 'delete'). */
export type Change = {
  table: LoggedTable;
  rowId: string;
  op: ChangeOp;
  /** Only this user may pull the change (notifications); null/undefined: every member of the organization. */
  userId?: string | null;
};

/** A row of `sync_changes` as the sync engine's pull reads it. */
export type ChangeRow = {
  organization_id: string;
  seq: number;
  table_name: LoggedTable;
  row_id: string;
  op: ChangeOp;
  user_id: string | null;
  changed_at: string;
};

const replicated = new Set<string>(SYNCABLE_TABLES);
const logged = new Set<string>([...SYNCABLE_TABLES, ...ACCOUNT_SYNC_TABLES]);

export function isReplicatedTable(name: string): name is ReplicatedTable {
  return replicated.has(name);
}

export function isLoggedTable(name: string): name is LoggedTable {
  return logged.has(name);
}

/** Rows per INSERT: SQLite turns a multi-row insert into a compound SELECT, limited to 500 terms. */
const INSERT_CHUNK = 500;

/**
 * Appends `changes` to the organization's change log with consecutive seqs, inside the writer's
 * transaction, and returns the seqs (in the order of `changes`).
 *
 * The seqs come from `UPDATE organizations SET change_seq = change_seq + n … RETURNING change_seq`: on
 * Postgres that row lock is held until the writer commits, so a second writer of the same organization
 * waits and gets the next seqs only after the first one committed — seqs become visible in commit
 * order, and a rolled-back writer gives its seqs back (no gaps). See docs/sync.md.
 *
 * In a transaction that defers its appends (a sync push group, change-log-deferred.ts) the changes are
 * kept, in order, and written by `flushChangeLog` just before the commit: the answer is then empty (the
 * seqs are not known yet).
 *
 * Throws a plain Error (a programming error, not a user-facing one) when `trx` is not a transaction.
 */
export async function appendChanges(
  trx: Knex | Knex.Transaction,
  organizationId: string,
  changes: readonly Change[],
  now: string = new Date().toISOString(),
): Promise<number[]> {
  if (!isTransaction(trx)) {
    throw new Error('appendChanges() must run inside a transaction: wrap the write in inTransaction()');
  }
  if (changes.length === 0) return [];
  for (const change of changes) {
    if (!isLoggedTable(change.table)) throw new Error(`${change.table} is not a replicated table`);
    // A row read ahead (prefetched-rows.ts) is read again after this write.
    forgetPrefetched(trx, change.table, [change.rowId]);
  }
  const kept = changes.map((change) => ({
    organizationId,
    table: change.table,
    rowId: change.rowId,
    op: change.op,
    userId: change.userId ?? null,
    changedAt: now,
  }));
  if (deferChanges(trx, kept)) return [];
  return writeChanges(trx, organizationId, kept);
}

/**
 * Writes the changes a deferring transaction kept (change-log-deferred.ts), in their order: per
 * organization one seq allocation, multi-row inserts and one live poke per audience. Call it as the
 * last write before the commit: the organization's row lock (Postgres) is taken here and held only until
 * the commit.
 */
export async function flushChangeLog(trx: Knex.Transaction): Promise<void> {
  const kept = await takeDeferredChanges(trx);
  const byOrganization = new Map<string, DeferredChange[]>();
  for (const change of kept) {
    const list = byOrganization.get(change.organizationId) ?? [];
    if (list.length === 0) byOrganization.set(change.organizationId, list);
    list.push(change);
  }
  for (const [organizationId, changes] of byOrganization) await writeChanges(trx, organizationId, changes);
}

async function writeChanges(
  trx: Knex.Transaction,
  organizationId: string,
  changes: readonly DeferredChange[],
): Promise<number[]> {
  const n = changes.length;
  const updated = (await trx('organizations')
    .where('id', organizationId)
    .increment('change_seq', n)
    .returning('change_seq')) as Array<{ change_seq: number | string }>;
  const last = updated[0] ? Number(updated[0].change_seq) : Number.NaN;
  if (!Number.isSafeInteger(last))
    throw new Error(`appendChanges(): organization ${organizationId} not found`);
  const first = last - n + 1;
  const rows = changes.map((change, i) => ({
    organization_id: organizationId,
    seq: first + i,
    table_name: change.table,
    row_id: change.rowId,
    op: change.op,
    user_id: change.userId,
    changed_at: change.changedAt,
  }));
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await trx('sync_changes').insert(rows.slice(i, i + INSERT_CHUNK));
  }
  // Devices of the organization (or, for private rows, of one user) pull at once after the commit.
  await announceChanges(trx, organizationId, new Set(rows.map((r) => r.user_id)));
  return rows.map((r) => r.seq);
}

/**
 * Records one write of a replicated row made outside `forOrganization` (e.g. a row the domain writes
 * with its own query). Same rules as appendChanges: inside the writer's transaction only; no seq in a
 * deferring transaction.
 */
export async function recordChange(
  trx: Knex | Knex.Transaction,
  organizationId: string,
  change: Change,
  now?: string,
): Promise<number | undefined> {
  const [seq] = await appendChanges(trx, organizationId, [change], now);
  return seq;
}

/** The user a change of `table` is restricted to: rows of a 'user'-scoped collection (notifications) belong to one user. */
export function changeUserId(table: string, row: Record<string, unknown>): string | null {
  if (replicatedSpecOf(table)?.scope !== 'user') return null;
  return (row.user_id as string | null | undefined) ?? null;
}

/**
 * Records a write of an account table (a users row, or one user's settings or preferences row) in the
 * user's organization log, inside the writer's transaction. The change's row id is the user's id;
 * settings and preferences are pulled by that user only. A user without organization (super admin)
 * is in no organization's log: nothing is recorded.
 */
export async function recordAccountChange(
  trx: Knex | Knex.Transaction,
  change: { table: AccountTable; userId: string; organizationId: string | null; op?: ChangeOp },
  now?: string,
): Promise<void> {
  if (!change.organizationId) return;
  await recordChange(
    trx,
    change.organizationId,
    {
      table: change.table,
      rowId: change.userId,
      op: change.op ?? 'upsert',
      userId: change.table === 'users' ? null : change.userId,
    },
    now,
  );
}

/** The organization a user belongs to (null: super admin or unknown user). */
export async function organizationOfUser(
  db: Knex | Knex.Transaction,
  userId: string,
): Promise<string | null> {
  const row = (await db('users').where('id', userId).first('organization_id')) as
    { organization_id: string | null } | undefined;
  return row?.organization_id ?? null;
}
