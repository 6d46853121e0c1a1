import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { DomainCtx } from '../lib/domain-context';

export type PostCommitTask = () => Promise<void>;

/** A domain context whose `db` is an open transaction; side effects wait in `postCommit` until it commits. */
export type TxCtx = DomainCtx & {
  db: Knex.Transaction;
  /** Runs `task` after the outermost transaction commits; dropped if it rolls back. Failures are logged only. */
  postCommit(task: PostCommitTask): void;
};

/** Tasks waiting for the commit of each open transaction (or savepoint). */
const pending = new WeakMap<Knex.Transaction, PostCommitTask[]>();

function tasksOf(trx: Knex.Transaction): PostCommitTask[] {
  let tasks = pending.get(trx);
  if (!tasks) {
    tasks = [];
    pending.set(trx, tasks);
  }
  return tasks;
}

export function isTransaction(db: Knex | Knex.Transaction): db is Knex.Transaction {
  return (db as Knex.Transaction).isTransaction === true;
}

/**
 * Runs `fn` in ONE database transaction: everything it writes commits together or not at all.
 *
 * - `ctx.db` is a plain Knex: opens a transaction, commits when `fn` resolves, rolls back when it throws
 *   (the error is rethrown). After the commit, the tasks queued with `tx.postCommit` run (awaited, all
 *   settled); a failing task is logged with `ctx.log.error` and never undoes the write.
 * - `ctx.db` is already a transaction (the sync engine wrapping a domain call, or a domain function
 *   calling another): `fn` runs inside it, under a savepoint, so a throw undoes only `fn`'s writes and
 *   leaves the outer transaction usable. Its post-commit tasks join the outer transaction's list and run
 *   after the OUTER commit (by the outer `inTransaction`, or by `runPostCommit` for a transaction
 *   opened with `knex.transaction` directly).
 */
export async function inTransaction<T>(ctx: DomainCtx, fn: (tx: TxCtx) => Promise<T>): Promise<T> {
  const db = ctx.db as Knex | Knex.Transaction;
  if (isTransaction(db) && (ctx as Unsaved)[NO_SAVEPOINT]) {
    const { [NO_SAVEPOINT]: _dropped, ...inner } = ctx as Unsaved;
    return fn(txCtx(inner, db, tasksOf(db)));
  }
  if (isTransaction(db)) {
    const outer = db;
    const inner: PostCommitTask[] = [];
    const result = await outer.transaction((sp) => {
      pending.set(sp, inner);
      return fn(txCtx(ctx, sp, inner));
    });
    tasksOf(outer).push(...inner); // the savepoint was released: its side effects now wait for the outer commit
    return result;
  }

  let root: Knex.Transaction | undefined;
  const tasks: PostCommitTask[] = [];
  const result = await db.transaction((trx) => {
    root = trx;
    pending.set(trx, tasks);
    return fn(txCtx(ctx, trx, tasks));
  });
  if (root) await runPostCommit(root, ctx.log);
  return result;
}

const NO_SAVEPOINT = Symbol('no savepoint');
type Unsaved = DomainCtx & { [NO_SAVEPOINT]?: true };

/**
 * `ctx` (its `db` a transaction) whose next inTransaction runs `fn` directly in that transaction, without
 * the savepoint: for a caller that rolls the whole transaction back whenever the call fails, so the
 * savepoint would never be used (a sync push group, which then runs again with savepoints: sync-push.ts).
 * Only that one level is affected: the TxCtx given to `fn` nests under savepoints as usual.
 */
export function withoutSavepoint(ctx: DomainCtx): DomainCtx {
  if (!isTransaction(ctx.db)) throw new Error('withoutSavepoint() takes a transaction');
  return { ...ctx, [NO_SAVEPOINT]: true } as Unsaved;
}

function txCtx(ctx: DomainCtx, trx: Knex.Transaction, tasks: PostCommitTask[]): TxCtx {
  return {
    ...ctx,
    db: trx,
    postCommit(task) {
      tasks.push(task);
    },
  };
}

/**
 * For code that opened the transaction itself with `knex.transaction(...)` and passed it as `ctx.db`
 * to `inTransaction`: call this AFTER that transaction committed to run the side effects it queued
 * (and never after a rollback: then simply do not call it, the tasks are dropped with the transaction).
 */
export async function runPostCommit(trx: Knex.Transaction, log: Logger): Promise<void> {
  const tasks = pending.get(trx) ?? [];
  pending.delete(trx);
  const results = await Promise.allSettled(tasks.map((task) => Promise.resolve().then(task)));
  for (const result of results) {
    if (result.status === 'rejected') log.error({ err: result.reason }, 'post-commit task failed');
  }
}
