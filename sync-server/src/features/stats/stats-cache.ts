import type { Knex } from 'knex';
import { isTransaction } from '../../db/transaction';
import type { DomainCtx } from '../../http/context';

/** The tables each kind of stats reads: a write to any of them (a change-log entry) makes it stale. */
export const STATS_TABLES = {
  clients: ['clients'],
  followUps: ['follow_ups'],
  coldCalls: ['cold_calls', 'cold_call_campaigns'],
} as const;
export type StatsKind = keyof typeof STATS_TABLES;

/** Organizations × kinds kept per database (least recently used dropped first). */
export const STATS_CACHE_ENTRIES = 300;

/** `facts` is the load's promise, shared by the requests that miss while it runs (no stampede). */
type Entry = { seq: number; facts: Promise<unknown> };

/** One cache per Knex instance (per database), so tests and several apps in one process never share. */
const caches = new WeakMap<Knex, Map<string, Entry>>();

function cacheOf(knex: Knex): Map<string, Entry> {
  let cache = caches.get(knex);
  if (!cache) caches.set(knex, (cache = new Map()));
  return cache;
}

/** Whether the organization's change log holds a write to `tables` with a seq in (from, to]. */
async function changedBetween(
  db: Knex,
  organizationId: string,
  from: number,
  to: number,
  tables: readonly string[],
): Promise<boolean> {
  const row = (await db('sync_changes')
    .where('organization_id', organizationId)
    .where('seq', '>', from)
    .where('seq', '<=', to)
    .whereIn('table_name', tables)
    .first('seq')) as unknown;
  return row !== undefined;
}

/**
 * The stats facts of the session's organization, from the cache when still valid, else `load()`.
 *
 * Validity comes from the sync change log (docs/sync.md): every write of a replicated row, in every server
 * process, bumps `organizations.change_seq` and records its table in `sync_changes` in the same
 * transaction. `ctx.changeSeq` is the seq read with the session's auth, BEFORE the facts are loaded, so
 * an entry's facts are never older than its seq. Same seq: a hit with no query at all. Higher seq: one
 * indexed look at the new change-log entries; none for these tables → the entry is still right (and
 * takes the new seq). Facts are instants, not figures, so "now" never makes an entry stale.
 *
 * Without a seq (calls from outside HTTP) or inside a transaction (uncommitted writes), always loads.
 */
export async function cachedFacts<T>(ctx: DomainCtx, kind: StatsKind, load: () => Promise<T>): Promise<T> {
  const seq = ctx.changeSeq;
  const organizationId = ctx.auth.organizationId;
  if (seq === undefined || !organizationId || isTransaction(ctx.db)) return load();
  const cache = cacheOf(ctx.db);
  const key = `${organizationId}:${kind}`;
  const hit = cache.get(key);
  if (hit) {
    const fresh =
      hit.seq >= seq || !(await changedBetween(ctx.db, organizationId, hit.seq, seq, STATS_TABLES[kind]));
    if (fresh && cache.get(key) === hit) {
      hit.seq = Math.max(hit.seq, seq);
      cache.delete(key); // most recently used last
      cache.set(key, hit);
      return hit.facts as Promise<T>;
    }
  }
  const current = cache.get(key);
  if (current && current !== hit && current.seq >= seq) return current.facts as Promise<T>;
  const facts = load();
  const entry: Entry = { seq, facts };
  cache.delete(key);
  cache.set(key, entry);
  if (cache.size > STATS_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  // A failed load is not kept: the next request tries again.
  facts.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return facts;
}
