import type { Knex } from 'knex';
import { ZodError } from 'zod';
import {
  boundedActedAt,
  errorMessages,
  ErrorCode,
  pushRequestSchema,
  SYNC_ERROR_CODES,
  type MutationError,
  type MutationResult,
  type PushMutation,
  type PushResponse,
} from '@casa/shared-schema';
import { flushChangeLog } from '../../db/change-log';
import { deferChangeLog } from '../../db/change-log-deferred';
import { prefetchRows, uuidsIn } from '../../db/prefetched-rows';
import { fromDbRow } from '../../db/rows';
import { forOrganization, type SoftDeletableTable } from '../../db/scope';
import { inTransaction, runPostCommit, withoutSavepoint } from '../../db/transaction';
import type { DomainCtx } from '../../http/context';
import { toAppError } from '../../http/error-handler';
import { AppError } from '../../http/errors';
import { classifyMutationFailure, isTransientFault } from './mutation-failure';
import { alreadyGone, MUTATORS } from './sync-mutations';

type Row = Record<string, unknown>;

/** Recorded outcomes kept per device: a device only ever replays its last unanswered push (≤ 200). */
export const KEPT_RESULTS_PER_CLIENT = 1000;

/** A sync protocol refusal: the usual error body with the sync code (and, for a gap, lastMutationId). */
export class SyncProtocolError extends AppError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly syncCode: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(code, message);
  }

  override toBody() {
    return { ...super.toBody(), code: this.syncCode, ...this.extra } as ReturnType<AppError['toBody']>;
  }
}

const gap = (lastMutationId: number) =>
  new SyncProtocolError(ErrorCode.CONFLICT, errorMessages.syncMutationGap, SYNC_ERROR_CODES.gap, {
    lastMutationId,
  });

type ClientRow = { user_id: string; organization_id: string; last_mutation_id: number | string };

/** Registers an unknown clientId for this user; refuses one registered to another user or organization. */
async function deviceOf(ctx: DomainCtx, clientId: string, organizationId: string): Promise<number> {
  await ctx
    .db('sync_clients')
    .insert({
      client_id: clientId,
      user_id: ctx.auth.userId,
      organization_id: organizationId,
      last_mutation_id: 0,
      created_at: ctx.now,
      updated_at: ctx.now,
    })
    .onConflict('client_id')
    .ignore();
  const row = (await ctx.db('sync_clients').where('client_id', clientId).first()) as ClientRow;
  if (row.user_id !== ctx.auth.userId || row.organization_id !== organizationId) {
    throw new SyncProtocolError(
      ErrorCode.FORBIDDEN,
      errorMessages.syncForeignClient,
      SYNC_ERROR_CODES.foreignClient,
    );
  }
  return Number(row.last_mutation_id);
}

function recorded(row: Row, replayed: boolean): MutationResult {
  const stored = fromDbRow<Row>('sync_mutation_results', row);
  const out: MutationResult = {
    mutationId: Number(stored.mutationId),
    status: stored.status as MutationResult['status'],
  };
  if (stored.result !== null && stored.result !== undefined) out.result = stored.result;
  if (stored.error) out.error = stored.error as MutationError;
  if (replayed) out.replayed = true;
  return out;
}

/** Recorded outcomes of already processed mutations; a pruned one answers applied without a result. */
async function replays(db: Knex, clientId: string, ids: number[]): Promise<MutationResult[]> {
  if (ids.length === 0) return [];
  const rows = (await db('sync_mutation_results')
    .where('client_id', clientId)
    .whereIn('mutation_id', ids)) as Row[];
  const byId = new Map(rows.map((row) => [Number(row.mutation_id), row]));
  return ids.map((mutationId) => {
    const row = byId.get(mutationId);
    return row ? recorded(row, true) : { mutationId, status: 'applied', replayed: true };
  });
}

function mutationError(err: AppError): MutationError {
  const error: MutationError = { message: err.message, code: err.code, status: err.status };
  if (err.fieldErrors) error.fieldErrors = err.fieldErrors;
  return error;
}

/**
 * The mutation's domain function (the one its REST route calls), under a savepoint `tx` of the push.
 * Every domain function writes inside its own inTransaction: given this transaction, that is a nested
 * savepoint, so a refusal undoes its writes only (and its post-commit tasks wait for our commit). A
 * domain refusal (4xx) answers rejected; anything else is rethrown.
 */
async function runDomain(
  ctx: DomainCtx,
  tx: Knex.Transaction,
  organizationId: string,
  m: PushMutation,
): Promise<MutationResult> {
  try {
    return applied(m, await MUTATORS[m.name](ctx, m.args));
  } catch (err) {
    if (!(err instanceof AppError || err instanceof ZodError)) throw err;
    const appError = toAppError(err);
    if (appError.status >= 500) throw err;
    if (appError.status === 404 && (await alreadyGone(tx, organizationId, m.name, m.args))) {
      return { mutationId: m.mutationId, status: 'applied' };
    }
    return { mutationId: m.mutationId, status: 'rejected', error: mutationError(appError) };
  }
}

type Outcome = { kind: 'done'; result: MutationResult } | { kind: 'gap'; last: number };

/**
 * Mutations of one push are committed in groups: one transaction per group. A commit costs ~4 ms of WAL
 * flush on this Postgres (~4 s per 1,000 mutations if each committed); a group holds its device's row
 * lock for at most about GROUP_MS (the organization's change-log lock only from the flush to the commit).
 */
const GROUP_MAX = 50;
const GROUP_MS = 100;

/** A transient fault ends the push with 503 (the device retries after its backoff); logged with its cause. */
function unavailable(ctx: DomainCtx, err: unknown): AppError {
  if (err instanceof AppError && err.status === 503) return err;
  ctx.log.warn({ err }, 'sync push stopped by a transient fault');
  return new AppError(ErrorCode.INTERNAL, errorMessages.syncUnavailable, {
    status: 503,
    headers: { 'Retry-After': '5' },
  });
}

type GroupRun = { outcomes: Outcome[]; failure?: unknown };

/**
 * The tables whose rows a mutation reads by an id its arguments name (its own row, to find a replay, and
 * the client, follow-up or property it refers to). Only a hint for reading them ahead, all at once per
 * group (readAhead): a table left out is read as before, one row at a time; nothing else depends on it.
 */
const READ_BY_ID: Partial<Record<PushMutation['name'], readonly SoftDeletableTable[]>> = {
  logColdCall: ['cold_calls', 'clients', 'follow_ups'],
  addInteraction: ['client_interactions', 'clients'],
  createClient: ['clients'],
  updateClient: ['clients'],
  createFollowUp: ['follow_ups', 'clients'],
  updateFollowUp: ['follow_ups', 'clients'],
  completeFollowUp: ['follow_ups'],
  createProperty: ['properties', 'clients'],
  updateProperty: ['properties', 'clients'],
};

/**
 * Reads the rows the group's mutations name, one query per table (db/prefetched-rows.ts: locked on
 * Postgres until the commit; forgotten once written), instead of one query per mutation and row.
 */
async function readAhead(trx: Knex.Transaction, organizationId: string, group: readonly PushMutation[]) {
  const idsOf = new Map<SoftDeletableTable, Set<string>>();
  for (const m of group) {
    const tables = READ_BY_ID[m.name];
    if (!tables) continue;
    const ids = uuidsIn(m.args);
    for (const table of tables) {
      const into = idsOf.get(table) ?? new Set<string>();
      idsOf.set(table, into);
      for (const id of ids) into.add(id);
    }
  }
  // Tables in one order for every group, as the rows of each (db/prefetched-rows.ts): no deadlock between groups.
  const tables = [...idsOf.keys()].sort();
  for (const table of tables) await prefetchRows(trx, organizationId, [table], [...idsOf.get(table)!]);
}

/** Thrown out of a group run without savepoints when a mutation did not apply: the group runs again, careful. */
class NotClean extends Error {}

/** The device row, locked until the group commits (Postgres; SQLite has one writer): its last_mutation_id. */
async function lockDevice(trx: Knex.Transaction, clientId: string, now: string): Promise<number> {
  const [row] = (await trx('sync_clients')
    .where('client_id', clientId)
    .update({ updated_at: now })
    .returning('last_mutation_id')) as Array<{ last_mutation_id: number | string }>;
  return Number(row!.last_mutation_id);
}

function outcomeRow(clientId: string, result: MutationResult, now: string): Row {
  return {
    client_id: clientId,
    mutation_id: result.mutationId,
    status: result.status,
    result: result.result === undefined ? null : JSON.stringify(result.result),
    error: result.error ? JSON.stringify(result.error) : null,
    created_at: now,
  };
}

/** Rows per INSERT of recorded outcomes (6 columns each: far under every bound-variable limit). */
const OUTCOMES_PER_INSERT = 200;

/**
 * One transaction for up to GROUP_MAX mutations (the Replicache rule: the sequence advance, the effects
 * and the recorded outcomes commit together). The device row is locked and read first; mutations another
 * push of this device applied meanwhile answer their recorded outcome, a first id beyond last + 1 is a gap.
 * Then each mutation runs its domain function (the one its REST route calls), and at the end the group
 * writes, set-based, what used to cost statements per mutation: the advance of last_mutation_id, the
 * change log its writes kept (change-log-deferred.ts: one seq allocation, one insert, one poke) and the
 * recorded outcomes (docs/sync.md "A push group").
 *
 * `careful` false (the usual run): the domain functions run directly in the group's transaction, their
 * own inTransaction without a savepoint (withoutSavepoint). The first mutation that does not apply (a
 * refusal, any error) throws NotClean: the group rolls back and runs again careful, from the same
 * mutation on, so no savepoint is needed to undo anything in this run.
 * `careful` true: each domain call under a savepoint of the push, so a failure undoes exactly its writes
 * whatever the domain did outside its own transaction: a domain refusal (4xx) is recorded as rejected
 * (a 404 of an already deleted row as applied), an error that would come back on every retry is recorded
 * as the mutation's rejection so the queue moves on, and a transient fault ends the group (its earlier
 * mutations still commit, mutation-failure.ts) and the push answers 503.
 */
async function runGroup(
  ctx: DomainCtx,
  clientId: string,
  organizationId: string,
  group: readonly PushMutation[],
  careful: boolean,
): Promise<GroupRun> {
  const run: GroupRun = { outcomes: [] };
  let root: Knex.Transaction | undefined;
  await ctx.db.transaction(async (trx) => {
    root = trx;
    deferChangeLog(trx);
    const started = Date.now();
    const last = await lockDevice(trx, clientId, ctx.now);
    if (group[0]!.mutationId > last + 1) {
      run.outcomes.push({ kind: 'gap', last });
      return;
    }
    // Another push of this device got ahead (its lock was held before ours): its recorded outcomes.
    const done = group.filter((m) => m.mutationId <= last).map((m) => m.mutationId);
    for (const result of await replays(trx, clientId, done)) run.outcomes.push({ kind: 'done', result });

    const recorded: Row[] = [];
    // The careful run reads every row when it needs it, as a lone REST call does.
    if (!careful) await readAhead(trx, organizationId, group.slice(done.length));
    for (const m of group.slice(done.length)) {
      const now = new Date().toISOString();
      // The moment the user acted (shared-schema sync/acted-at.ts), bounded by the server's clock.
      const actedAt = boundedActedAt(m.actedAt, now);
      const domainCtx = { ...ctx, db: trx as unknown as Knex, now, actedAt };
      let result: MutationResult;
      if (!careful) {
        try {
          result = applied(m, await MUTATORS[m.name](withoutSavepoint(domainCtx), m.args));
        } catch {
          throw new NotClean();
        }
      } else {
        try {
          result = await inTransaction(domainCtx, (sp) => runDomain(sp, sp.db, organizationId, m));
        } catch (err) {
          // Its savepoint is rolled back. An error that would come back on every retry is recorded as the
          // mutation's rejection, so the queue moves on; a transient one ends the group here.
          const failure = classifyMutationFailure(err);
          if (failure.kind === 'transient') {
            run.failure = err;
            break;
          }
          const log = failure.unexpected ? ctx.log.error.bind(ctx.log) : ctx.log.warn.bind(ctx.log);
          log({ err, mutation: m.name, mutationId: m.mutationId }, 'sync mutation rejected');
          result = { mutationId: m.mutationId, status: 'rejected', error: failure.error };
        }
      }
      run.outcomes.push({ kind: 'done', result });
      recorded.push(outcomeRow(clientId, result, now));
      if (Date.now() - started > GROUP_MS) break;
    }
    if (recorded.length === 0) {
      if (run.failure) throw run.failure;
      return;
    }
    await trx('sync_clients')
      .where('client_id', clientId)
      .update({ last_mutation_id: recorded[recorded.length - 1]!.mutation_id, updated_at: ctx.now });
    await flushChangeLog(trx);
    for (let i = 0; i < recorded.length; i += OUTCOMES_PER_INSERT) {
      await trx('sync_mutation_results').insert(recorded.slice(i, i + OUTCOMES_PER_INSERT));
    }
  });
  if (root) await runPostCommit(root, ctx.log);
  return run;
}

function applied(m: PushMutation, value: unknown): MutationResult {
  const result: MutationResult = { mutationId: m.mutationId, status: 'applied' };
  if (value !== undefined && value !== null) result.result = value;
  return result;
}

/** A group without savepoints of the push (the usual case), else again with them (see runGroup). */
async function applyGroup(
  ctx: DomainCtx,
  clientId: string,
  organizationId: string,
  group: readonly PushMutation[],
): Promise<GroupRun> {
  try {
    return await runGroup(ctx, clientId, organizationId, group, false);
  } catch {
    // NotClean, or anything else (a domain that swallowed a database error, a lost connection): the
    // careful run gives every such case its usual answer. The device lock and last_mutation_id make the
    // second run safe even if the first one's commit went through.
    return runGroup(ctx, clientId, organizationId, group, true);
  }
}

/**
 * POST /api/sync/push (docs/sync.md): the device's mutations in order, each through the domain function
 * of the same REST write, each atomic under its own savepoint, committed in groups (applyGroup). Already processed ids answer their recorded
 * outcome (`replayed`), a first id beyond lastMutationId + 1 is refused (409, nothing applied).
 */
export async function push(ctx: DomainCtx, body: unknown): Promise<PushResponse> {
  const { clientId, mutations } = pushRequestSchema.parse(body);
  const { organizationId } = forOrganization(ctx.db, ctx.auth);
  let last = await deviceOf(ctx, clientId, organizationId);
  const consecutive = mutations.every((m, i) => i === 0 || m.mutationId === mutations[i - 1]!.mutationId + 1);
  if (!consecutive || mutations[0]!.mutationId > last + 1) throw gap(last);

  // Outcomes already recorded never change: answered without taking the device lock.
  const done = mutations.filter((m) => m.mutationId <= last);
  const results = await replays(
    ctx.db,
    clientId,
    done.map((m) => m.mutationId),
  );
  let todo = mutations.slice(done.length);
  push: while (todo.length > 0) {
    let run: GroupRun;
    try {
      run = await applyGroup(ctx, clientId, organizationId, todo.slice(0, GROUP_MAX));
    } catch (err) {
      throw isTransientFault(err) ? unavailable(ctx, err) : err;
    }
    for (const outcome of run.outcomes) {
      if (outcome.kind === 'gap') {
        // Another push of this device got ahead and then lost mutations: stop, the device resends.
        if (results.length === 0) throw gap(outcome.last);
        break push;
      }
      results.push(outcome.result);
      if (outcome.result.mutationId > last) last = outcome.result.mutationId;
    }
    if (run.failure) throw unavailable(ctx, run.failure);
    todo = todo.slice(run.outcomes.length);
  }
  await ctx
    .db('sync_mutation_results')
    .where('client_id', clientId)
    .where('mutation_id', '<=', last - KEPT_RESULTS_PER_CLIENT)
    .delete();
  return { lastMutationId: last, results };
}
