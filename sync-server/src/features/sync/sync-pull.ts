import type { Knex } from 'knex';
import {
  pullQuerySchema,
  REPLICATED_TABLES,
  replicatedSpecOf,
  SYNC_TABLES,
  type PullResponse,
  type SyncChange,
} from '@casa/shared-schema';
import type { LoggedTable } from '../../db/change-log';
import { forOrganization, type OrganizationScope, type SoftDeletableTable } from '../../db/scope';
import type { DomainCtx } from '../../http/context';
import { decodeCursor, encodeCursor, type CursorOwner, type SnapshotCursor } from './sync-cursor';
import { ownAccountRow, SELECT_COLUMNS, SYNC_TABLE_OF, wireRow, type OwnTable } from './sync-tables';

type Row = Record<string, unknown>;

/** What a snapshot pages through, in this order (the index is part of the cursor: append only). */
type Source =
  { kind: 'users' } | { kind: 'own'; table: OwnTable } | { kind: 'org'; table: SoftDeletableTable };
/** The registry's order (shared-schema sync/replicated-tables.ts), by scope. */
export const SNAPSHOT_SOURCES: readonly Source[] = SYNC_TABLES.map((name): Source => {
  const { table, scope } = REPLICATED_TABLES[name];
  if (scope === 'members') return { kind: 'users' };
  if (scope === 'self') return { kind: 'own', table: table as OwnTable };
  return { kind: 'org', table: table as SoftDeletableTable };
});
const isOwnTable = (table: LoggedTable): table is OwnTable => replicatedSpecOf(table)?.scope === 'self';

const ID_CHUNK = 500;

type Reader = { db: Knex; scope: OrganizationScope; owner: CursorOwner };

async function changeSeqOf(db: Knex, organizationId: string): Promise<number> {
  const row = (await db('organizations').where('id', organizationId).first('change_seq')) as
    { change_seq: number | string } | undefined;
  return Number(row?.change_seq ?? 0);
}

const put = (table: LoggedTable, row: Row): SyncChange => ({
  op: 'put',
  table: SYNC_TABLE_OF[table],
  id: String(row.id),
  row,
});

/** Live rows of the organization table `name`, scoped (and the user's own only, for 'user' scoped ones). */
function orgRows(reader: Reader, name: SoftDeletableTable): Knex.QueryBuilder {
  const query = reader.scope.table(name).select(SELECT_COLUMNS[name]);
  const own = replicatedSpecOf(name)?.scope === 'user';
  return own ? query.where(`${name}.user_id`, reader.owner.userId) : query;
}

function members(reader: Reader): Knex.QueryBuilder {
  return reader
    .db('users')
    .where('users.organization_id', reader.owner.organizationId)
    .select(SELECT_COLUMNS.users);
}

/** How many rows the whole snapshot brings (the first page's `total`, the device's progress). */
async function snapshotTotal(reader: Reader): Promise<number> {
  let total = 0;
  for (const source of SNAPSHOT_SOURCES) {
    if (source.kind === 'own') {
      total += 1;
      continue;
    }
    const query = source.kind === 'users' ? members(reader) : orgRows(reader, source.table);
    const [row] = (await query.clearSelect().count({ n: '*' })) as Array<{ n: number | string }>;
    total += Number(row?.n ?? 0);
  }
  return total;
}

/** Up to `n` rows of one source after `lastId`, in id order. */
async function readSource(reader: Reader, source: Source, lastId: string | null, n: number) {
  if (source.kind === 'own') {
    if (lastId !== null) return [];
    return [put(source.table, await ownAccountRow(reader.db, source.table, reader.owner.userId))];
  }
  const name = source.kind === 'users' ? 'users' : source.table;
  const query = source.kind === 'users' ? members(reader) : orgRows(reader, source.table);
  if (lastId !== null) query.where(`${name}.id`, '>', lastId);
  const rows = (await query.orderBy(`${name}.id`).limit(n)) as Row[];
  return rows.map((row) => put(name, wireRow(name, row)));
}

async function snapshotPage(
  reader: Reader,
  start: SnapshotCursor,
  limit: number,
  reset: boolean,
): Promise<PullResponse> {
  const changes: SyncChange[] = [];
  let { source, lastId } = start;
  while (source < SNAPSHOT_SOURCES.length && changes.length < limit) {
    const wanted = limit - changes.length;
    const page = await readSource(reader, SNAPSHOT_SOURCES[source]!, lastId, wanted);
    changes.push(...page);
    if (page.length < wanted) {
      source += 1;
      lastId = null;
    } else {
      lastId = page[page.length - 1]!.id;
    }
  }
  // The first page says how many rows follow in all (counted after its rows: a row written meanwhile
  // may make the figure off by a few, it only drives a progress line).
  const total = reset ? { total: await snapshotTotal(reader) } : {};
  if (source < SNAPSHOT_SOURCES.length) {
    const cursor = encodeCursor(reader.owner, { kind: 'snapshot', seq: start.seq, source, lastId });
    return { cursor, hasMore: true, reset, changes, ...total };
  }
  // Snapshot done: continue with the changes made since it started (rows changed meanwhile come again).
  const head = await changeSeqOf(reader.db, reader.owner.organizationId);
  const cursor = encodeCursor(reader.owner, { kind: 'delta', seq: start.seq });
  return { cursor, hasMore: head > start.seq, reset, changes, ...total };
}

/** The current state of the rows named by a page of changes: live → put, anything else → delete. */
async function currentRows(reader: Reader, table: LoggedTable, ids: string[]): Promise<Map<string, Row>> {
  const out = new Map<string, Row>();
  if (isOwnTable(table)) {
    if (ids.includes(reader.owner.userId)) {
      out.set(reader.owner.userId, await ownAccountRow(reader.db, table, reader.owner.userId));
    }
    return out;
  }
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    const chunk = ids.slice(i, i + ID_CHUNK);
    const query = table === 'users' ? members(reader) : orgRows(reader, table);
    const rows = (await query.whereIn(`${table}.id`, chunk)) as Row[];
    for (const row of rows) out.set(String(row.id), wireRow(table, row));
  }
  return out;
}

async function deltaPage(reader: Reader, since: number, limit: number): Promise<PullResponse> {
  const { organizationId, userId } = reader.owner;
  // Read first: every seq up to it is committed (seqs become visible in commit order, docs/sync.md).
  const head = await changeSeqOf(reader.db, organizationId);
  const log = (await reader
    .db('sync_changes')
    .where('organization_id', organizationId)
    .where('seq', '>', since)
    .where((q) => void q.whereNull('user_id').orWhere('user_id', userId))
    .orderBy('seq')
    .limit(limit)
    .select('seq', 'table_name', 'row_id')) as Array<{
    seq: number | string;
    table_name: string;
    row_id: string;
  }>;
  const full = log.length === limit;
  const lastSeq = log.length ? Number(log[log.length - 1]!.seq) : since;
  const next = full ? lastSeq : Math.max(lastSeq, head);

  // Several changes of one row collapse into its current state, placed at its last change.
  const latest = new Map<string, { table: LoggedTable; id: string; seq: number }>();
  for (const entry of log) {
    const table = entry.table_name as LoggedTable;
    if (!(table in SYNC_TABLE_OF)) continue;
    const key = `${table}:${entry.row_id}`;
    latest.delete(key);
    latest.set(key, { table, id: entry.row_id, seq: Number(entry.seq) });
  }
  const byTable = new Map<LoggedTable, string[]>();
  for (const { table, id } of latest.values()) byTable.set(table, [...(byTable.get(table) ?? []), id]);
  const rows = new Map<string, Row>();
  for (const [table, ids] of byTable) {
    for (const [id, row] of await currentRows(reader, table, ids)) rows.set(`${table}:${id}`, row);
  }
  const changes: SyncChange[] = [];
  for (const [key, { table, id }] of latest) {
    const row = rows.get(key);
    changes.push(row ? put(table, row) : { op: 'delete', table: SYNC_TABLE_OF[table], id });
  }
  const cursor = encodeCursor(reader.owner, { kind: 'delta', seq: next });
  return { cursor, hasMore: full, reset: false, changes };
}

/**
 * GET /api/sync/pull (docs/sync.md): no usable cursor → a snapshot of the organization in pages (first
 * page `reset: true`), then the changes since the snapshot started; a delta cursor → the changes after it.
 * Every role may pull; rows are the organization's (notifications, settings, preferences: the user's own).
 */
export async function pull(ctx: DomainCtx, query: unknown): Promise<PullResponse> {
  const { cursor: text, limit } = pullQuerySchema.parse(query ?? {});
  const scope = forOrganization(ctx.db, ctx.auth);
  const owner = { organizationId: scope.organizationId, userId: ctx.auth.userId };
  const reader: Reader = { db: ctx.db, scope, owner };
  const cursor = decodeCursor(text, owner, SNAPSHOT_SOURCES.length);
  if (cursor?.kind === 'snapshot') return snapshotPage(reader, cursor, limit, false);
  if (cursor?.kind === 'delta' && cursor.seq <= (await changeSeqOf(ctx.db, owner.organizationId))) {
    return deltaPage(reader, cursor.seq, limit);
  }
  // No cursor, another organization's or user's, malformed, or beyond the log (a restored database).
  const seq = await changeSeqOf(ctx.db, owner.organizationId);
  return snapshotPage(reader, { kind: 'snapshot', seq, source: 0, lastId: null }, limit, true);
}
