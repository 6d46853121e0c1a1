import type { Knex } from 'knex';
import type { DomainCtx } from '../lib/domain-context';
import type { LoggedTable } from './change-log';
import { isTransaction } from './transaction';

/**
 * Read caches valid until the organization's change log records a write to the tables they read (the
 * stats facts, the client list pages and searches: docs/sync.md "Read caches"). One definition of the
 * validity rule, used by every such cache.
 */

/** A cache's bounds: least recently used entries are dropped first once either is exceeded. */
export type SeqCacheSpec = {
  /** Most entries kept per database. */
  maxEntries: number;
  /** Most bytes kept per database, as `sizeOf` counts them; a value larger than 1/8 of it is not kept. */
  maxBytes?: number;
  /** The weight of a loaded value (e.g. a JSON string's length); 0 when not given. */
  sizeOf?: (value: unknown) => number;
};

/** `value` is the load's promise, shared by the requests that miss while it runs (no stampede). */
type Entry = { seq: number; value: Promise<unknown>; bytes: number };
type Store = { entries: Map<string, Entry>; bytes: number };

/** One store per Knex instance (per database) and spec, so tests and several apps in one process never share. */
const stores = new WeakMap<Knex, Map<SeqCacheSpec, Store>>();

function storeOf(knex: Knex, spec: SeqCacheSpec): Store {
  let bySpec = stores.get(knex);
  if (!bySpec) stores.set(knex, (bySpec = new Map()));
  let store = bySpec.get(spec);
  if (!store) bySpec.set(spec, (store = { entries: new Map(), bytes: 0 }));
  return store;
}

function remove(store: Store, key: string, entry: Entry): void {
  if (store.entries.get(key) !== entry) return;
  store.entries.delete(key);
  store.bytes -= entry.bytes;
}

function trim(store: Store, spec: SeqCacheSpec): void {
  for (const [key, entry] of store.entries) {
    if (store.entries.size <= spec.maxEntries && store.bytes <= (spec.maxBytes ?? Infinity)) return;
    remove(store, key, entry);
  }
}

/** Whether the organization's change log holds a write to `tables` with a seq in (from, to]. */
async function changedBetween(
  db: Knex,
  organizationId: string,
  from: number,
  to: number,
  tables: readonly LoggedTable[],
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
 * The value under `key` for the session's organization, from the cache when still valid, else `load()`.
 *
 * `key` must name everything else the value depends on (the normalised query, the page, the caller when
 * the answer differs per user or role); the organization is added here. `tables` must list EVERY table
 * `load` reads: a change-log entry of any of them makes the entry stale. A value that depends on "now"
 * must not be cached (or must carry the day in its key).
 *
 * Validity comes from the sync change log (docs/sync.md): every write of a replicated row, in every server
 * process, bumps `organizations.change_seq` and records its table in `sync_changes` in the same
 * transaction. `ctx.changeSeq` is the seq read with the session's auth, BEFORE the value is loaded, so an
 * entry's value is never older than its seq. Same seq: a hit with no query at all. Higher seq: one indexed
 * look at the new change-log entries; none for these tables → the entry is still right (and takes the new
 * seq).
 *
 * Without a seq (calls from outside HTTP) or inside a transaction (uncommitted writes), always loads.
 */
export async function seqCached<T>(
  ctx: DomainCtx,
  spec: SeqCacheSpec,
  key: string,
  tables: readonly LoggedTable[],
  load: () => Promise<T>,
): Promise<T> {
  const seq = ctx.changeSeq;
  const organizationId = ctx.auth.organizationId;
  if (seq === undefined || !organizationId || isTransaction(ctx.db)) return load();
  const store = storeOf(ctx.db, spec);
  const fullKey = `${organizationId}\u0000${key}`;
  const hit = store.entries.get(fullKey);
  if (hit) {
    const fresh = hit.seq >= seq || !(await changedBetween(ctx.db, organizationId, hit.seq, seq, tables));
    if (fresh && store.entries.get(fullKey) === hit) {
      hit.seq = Math.max(hit.seq, seq);
      store.entries.delete(fullKey); // most recently used last
      store.entries.set(fullKey, hit);
      return hit.value as Promise<T>;
    }
  }
  const current = store.entries.get(fullKey);
  if (current && current !== hit && current.seq >= seq) return current.value as Promise<T>;
  if (current) remove(store, fullKey, current);
  const value = load();
  const entry: Entry = { seq, value, bytes: 0 };
  store.entries.set(fullKey, entry);
  trim(store, spec);
  value.then(
    (loaded) => {
      if (store.entries.get(fullKey) !== entry || !spec.sizeOf) return;
      entry.bytes = spec.sizeOf(loaded);
      store.bytes += entry.bytes;
      // One value too large for its cache is served, not kept.
      if (spec.maxBytes !== undefined && entry.bytes > spec.maxBytes / 8) remove(store, fullKey, entry);
      trim(store, spec);
    },
    // A failed load is not kept: the next request tries again.
    () => remove(store, fullKey, entry),
  );
  return value;
}

/** Entries and bytes a cache holds for `knex` (tests and the bench). */
export function seqCacheSize(knex: Knex, spec: SeqCacheSpec): { entries: number; bytes: number } {
  const store = stores.get(knex)?.get(spec);
  return { entries: store?.entries.size ?? 0, bytes: store?.bytes ?? 0 };
}
