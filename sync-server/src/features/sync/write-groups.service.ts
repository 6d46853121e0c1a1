import type { Knex } from 'knex';
import { flushChangeLog } from '../../db/change-log';
import { deferChangeLog } from '../../db/change-log-deferred';
import { prefetchRows, uuidsIn } from '../../db/prefetched-rows';
import type { SoftDeletableTable } from '../../db/scope';
import { inTransaction, isTransaction, runPostCommit, withoutSavepoint } from '../../db/transaction';
import type { DomainCtx } from '../../http/context';
import { isTransientFault } from './mutation-failure';

/**
 * Write groups (issue 19, docs/sync.md "REST write groups"): single-row REST writes of one organization
 * that arrive while an earlier group of theirs is being written join the next group — ONE transaction,
 * the rows their calls name read ahead once per table, one change-log append (seq allocation, insert,
 * poke) at its end — as a sync push group does for one device's mutations (sync-push.ts). A lone write
 * is a group of one, started on the next turn of the event loop (setImmediate), so the writes parsed in
 * the same turn share it.
 *
 * Each write keeps its own answer: the usual run calls the domain functions one after the other in the
 * group's transaction without savepoints; the first one that throws rolls the whole group back and it
 * runs again **careful**, each call under its own savepoint, so a refusal (its 4xx) undoes only its own
 * writes and the others commit. A fault of the transaction itself (a failed commit, a transient fault
 * that may have ended the transaction) answers that error to every write the group would have committed:
 * nothing is half-written.
 */
export type GroupedWrite<T> = {
  /** The domain call, exactly as the route would make it alone (given the group's transaction in ctx.db). */
  run: (ctx: DomainCtx) => Promise<T>;
  /** Tables whose rows the call reads by an id named in `args` (read ahead once per group, as READ_BY_ID). */
  readsById?: readonly SoftDeletableTable[];
  args?: unknown;
};

/** Writes per group: a group holds SQLite's one connection for about 50 × 0.3 ms. */
export const WRITE_GROUP_MAX = 50;

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };
type Job = { ctx: DomainCtx; write: GroupedWrite<unknown>; settle: (outcome: Outcome) => void };
type Queue = { waiting: Job[] };

/** Per database (knex instance) and organization: the writes waiting for the next group. */
const queues = new WeakMap<Knex, Map<string, Queue>>();

/**
 * Runs `write.run` in the organization's next write group and answers its own result or error. Given a
 * transaction (a sync push, a domain call inside another) or no organization, it simply runs it.
 */
export function groupedWrite<T>(ctx: DomainCtx, write: GroupedWrite<T>): Promise<T> {
  const organizationId = ctx.auth.organizationId;
  if (isTransaction(ctx.db) || !organizationId) return write.run(ctx);
  let byOrganization = queues.get(ctx.db);
  if (!byOrganization) queues.set(ctx.db, (byOrganization = new Map()));
  let queue = byOrganization.get(organizationId);
  const start = !queue;
  if (!queue) byOrganization.set(organizationId, (queue = { waiting: [] }));
  const promise = new Promise<T>((resolve, reject) => {
    queue.waiting.push({
      ctx,
      write: write as GroupedWrite<unknown>,
      settle: (outcome) => (outcome.ok ? resolve(outcome.value as T) : reject(outcome.error)),
    });
  });
  if (start) {
    const owner = byOrganization;
    const running = queue;
    // drain settles every job itself and never rejects.
    setImmediate(() => void drain(owner, organizationId, running));
  }
  return promise;
}

/** Groups one after the other while writes wait; then the organization's queue is gone (a new write starts one). */
async function drain(owner: Map<string, Queue>, organizationId: string, queue: Queue): Promise<void> {
  try {
    while (queue.waiting.length > 0) {
      await runGroup(organizationId, queue.waiting.splice(0, WRITE_GROUP_MAX));
    }
  } catch (err) {
    // runGroup settles its jobs itself; should it ever throw, no waiting write may hang on this queue.
    for (const job of queue.waiting.splice(0)) job.settle({ ok: false, error: err });
  } finally {
    // No await since the last check: no write can have joined meanwhile.
    owner.delete(organizationId);
  }
}

/** Thrown out of the usual run when a write did not apply: the group runs again, careful. */
class NotClean extends Error {
  constructor(readonly refusal: unknown) {
    super('a write of the group did not apply');
  }
}

async function runGroup(organizationId: string, group: Job[]): Promise<void> {
  let outcomes: Outcome[];
  try {
    try {
      outcomes = await attempt(organizationId, group, false);
    } catch (err) {
      if (!(err instanceof NotClean)) throw err;
      // Alone in its group, the call's error is its answer (its transaction rolled back): no second run.
      if (group.length === 1) outcomes = [{ ok: false, error: err.refusal }];
      else outcomes = await attempt(organizationId, group, true);
    }
  } catch (err) {
    // The transaction could not be opened, flushed or committed, or a transient fault ended it.
    outcomes = group.map(() => ({ ok: false, error: err }));
  }
  group.forEach((job, i) =>
    job.settle(outcomes[i] ?? { ok: false, error: new Error('write group: no outcome') }),
  );
}

/** The tables (in one order for every group) and the ids the group's writes name, read ahead in one query each. */
async function readAhead(trx: Knex.Transaction, organizationId: string, group: readonly Job[]) {
  const idsOf = new Map<SoftDeletableTable, Set<string>>();
  for (const { write } of group) {
    if (!write.readsById?.length) continue;
    const ids = uuidsIn(write.args);
    for (const table of write.readsById) {
      const into = idsOf.get(table) ?? new Set<string>();
      idsOf.set(table, into);
      for (const id of ids) into.add(id);
    }
  }
  for (const table of [...idsOf.keys()].sort())
    await prefetchRows(trx, organizationId, [table], [...idsOf.get(table)!]);
}

/**
 * One transaction for the group. Usual run (`careful` false): the rows read ahead (two calls or more),
 * each call without a savepoint; a throw is NotClean (the group rolls back). Careful run: no reading
 * ahead, each call under a savepoint, its error its own outcome; a transient fault (the database may have
 * ended the transaction) is thrown, so nothing of the group commits. A failed flush or commit of the careful run answers its
 * error to the writes that would have committed; the refused ones keep their own.
 */
async function attempt(organizationId: string, group: readonly Job[], careful: boolean): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const first = group[0]!.ctx;
  let root: Knex.Transaction | undefined;
  try {
    await first.db.transaction(async (trx) => {
      root = trx;
      outcomes.length = 0;
      deferChangeLog(trx);
      // Alone, a call reads what it needs itself: reading every named table ahead costs one more statement.
      if (!careful && group.length > 1) await readAhead(trx, organizationId, group);
      for (const job of group) {
        const ctx: DomainCtx = { ...job.ctx, db: trx as unknown as Knex };
        if (!careful) {
          try {
            outcomes.push({ ok: true, value: await job.write.run(withoutSavepoint(ctx)) });
          } catch (error) {
            throw new NotClean(error);
          }
          continue;
        }
        try {
          outcomes.push({
            ok: true,
            value: await inTransaction(ctx, (sp) => job.write.run(withoutSavepoint(sp))),
          });
        } catch (error) {
          if (isTransientFault(error)) throw error;
          outcomes.push({ ok: false, error });
        }
      }
      // The group's change log: one seq allocation, one insert, one poke, just before the commit.
      await flushChangeLog(trx);
    });
  } catch (err) {
    if (!careful || err instanceof NotClean || outcomes.length < group.length) throw err;
    return outcomes.map((outcome) => (outcome.ok ? { ok: false, error: err } : outcome));
  }
  if (root) await runPostCommit(root, first.log);
  return outcomes;
}
