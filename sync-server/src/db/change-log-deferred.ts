import type { Knex } from 'knex';

/**
 * Deferred change-log appends (docs/sync.md "Deferred appends"): a transaction marked with
 * `deferChangeLog` keeps the changes its writes would append, in their order, and writes them all at
 * once when its owner calls `takeDeferredChanges` just before the commit — one seq allocation, one
 * multi-row insert and one live poke instead of three statements per written row. A sync push commits
 * up to a group of mutations per transaction, so this is where its change log is written.
 *
 * A change appended under a savepoint counts only if that savepoint (and every savepoint above it) was
 * released: a rolled-back savepoint gives its changes back, exactly as its INSERT would have been undone.
 * The outcome of a savepoint comes from knex's `executionPromise` (rejected on ROLLBACK TO SAVEPOINT with
 * the error its callback threw); code in a deferred transaction must not end a savepoint with an explicit
 * `trx.rollback()` without an error (knex resolves that one as if it were released). None does.
 */

export type DeferredChange = {
  organizationId: string;
  table: string;
  rowId: string;
  op: 'upsert' | 'delete';
  userId: string | null;
  changedAt: string;
};

type Trx = Knex.Transaction & { parentTransaction?: Trx; executionPromise?: Promise<unknown> };

type Entry = { change: DeferredChange; savepoints: Trx[] };

type Buffer = { entries: Entry[]; outcome: Map<Trx, Promise<boolean>> };

const buffers = new WeakMap<Trx, Buffer>();

function rootOf(trx: Trx): Trx {
  let root = trx;
  while (root.parentTransaction) root = root.parentTransaction;
  return root;
}

/** Marks the outermost transaction `trx` as deferring its change-log appends until `takeDeferredChanges`. */
export function deferChangeLog(trx: Knex.Transaction): void {
  const root = trx as Trx;
  if (root.parentTransaction) throw new Error('deferChangeLog() takes the outermost transaction');
  buffers.set(root, { entries: [], outcome: new Map() });
}

/**
 * Keeps `changes` for the flush when `trx` (or the transaction it is a savepoint of) defers its appends;
 * answers false when it does not (the caller appends at once).
 */
export function deferChanges(trx: Knex.Transaction, changes: readonly DeferredChange[]): boolean {
  const root = rootOf(trx as Trx);
  const buffer = buffers.get(root);
  if (!buffer) return false;
  const savepoints: Trx[] = [];
  for (let sp = trx as Trx; sp !== root; sp = sp.parentTransaction!) {
    savepoints.push(sp);
    if (!buffer.outcome.has(sp)) {
      const settled = sp.executionPromise;
      if (settled === undefined) throw new Error('deferChanges(): a savepoint without its execution promise');
      buffer.outcome.set(
        sp,
        settled.then(
          () => true,
          () => false,
        ),
      );
    }
  }
  for (const change of changes) buffer.entries.push({ change, savepoints });
  return true;
}

/**
 * The changes kept so far in `trx` (outermost, deferring) whose savepoints were all released, in the
 * order they were appended; the buffer is emptied (later writes of the same transaction start a new one).
 * Call it when no savepoint of `trx` is open any more.
 */
export async function takeDeferredChanges(trx: Knex.Transaction): Promise<DeferredChange[]> {
  const buffer = buffers.get(trx as Trx);
  if (!buffer) throw new Error('takeDeferredChanges(): the transaction does not defer its change log');
  const { entries, outcome } = buffer;
  buffers.set(trx as Trx, { entries: [], outcome: new Map() });
  for (const sp of outcome.keys()) {
    if (!sp.isCompleted()) throw new Error('takeDeferredChanges(): a savepoint is still open');
  }
  const released = new Map<Trx, boolean>();
  for (const [sp, settled] of outcome) released.set(sp, await settled);
  return entries
    .filter((entry) => entry.savepoints.every((sp) => released.get(sp)))
    .map((entry) => entry.change);
}
