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
import { fromDbRow } from '../../db/rows';
import { forOrganization } from '../../db/scope';
import { inTransaction, runPostCommit } from '../../db/transaction';
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
 * The mutation's domain function (the one its REST route calls). Every domain function writes inside its
 * own inTransaction: given this transaction, that is a savepoint, so a refusal undoes its writes only (and
 * its post-commit tasks wait for our commit). A domain refusal (4xx) answers rejected; anything else is
 * rethrown.
 */
async function runDomain(
  ctx: DomainCtx,
  tx: Knex.Transaction,
  organizationId: string,
  m: PushMutation,
): Promise<MutationResult> {
  try {
    const value = await MUTATORS[m.name](ctx, m.args);
    const result: MutationResult = { mutationId: m.mutationId, status: 'applied' };
    if (value !== undefined && value !== null) result.result = value;
    return result;
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
 * One mutation, inside its own savepoint `tx` (the Replicache rule: the sequence advance, the effects and
 * the recorded outcome commit or roll back together): the device's last_mutation_id is advanced first
 * (that UPDATE locks the device row), the domain function runs under a nested savepoint, and the outcome
 * is recorded. A domain refusal (4xx) undoes only the domain's savepoint and is recorded as rejected; any
 * other error is rethrown and undoes this mutation entirely, the sequence included — applyGroup then
 * either records it as rejected (`refused`: applyOne runs again without calling the domain) or, for a
 * transient fault, stops the push so the device retries (mutation-failure.ts).
 */
async function applyOne(
  ctx: DomainCtx,
  tx: Knex.Transaction,
  clientId: string,
  organizationId: string,
  m: PushMutation,
  refused?: MutationError,
): Promise<Outcome> {
  // A concurrent push of the same device waits on this row lock (Postgres; SQLite has one writer), then
  // finds the mutation done.
  const advanced = await tx('sync_clients')
    .where({ client_id: clientId, last_mutation_id: m.mutationId - 1 })
    .update({ last_mutation_id: m.mutationId, updated_at: ctx.now });
  if (advanced === 0) {
    const row = (await tx('sync_clients')
      .where('client_id', clientId)
      .first('last_mutation_id')) as ClientRow;
    const last = Number(row.last_mutation_id);
    if (m.mutationId > last) return { kind: 'gap', last };
    const [replayed] = await replays(tx, clientId, [m.mutationId]);
    return { kind: 'done', result: replayed! };
  }

  const now = new Date().toISOString();
  // The moment the user acted (shared-schema sync/acted-at.ts), bounded by the server's clock.
  const actedAt = boundedActedAt(m.actedAt, now);
  const result: MutationResult = refused
    ? { mutationId: m.mutationId, status: 'rejected', error: refused }
    : await runDomain({ ...ctx, db: tx as unknown as Knex, now, actedAt }, tx, organizationId, m);
  await tx('sync_mutation_results').insert({
    client_id: clientId,
    mutation_id: m.mutationId,
    status: result.status,
    result: result.result === undefined ? null : JSON.stringify(result.result),
    error: result.error ? JSON.stringify(result.error) : null,
    created_at: now,
  });
  return { kind: 'done', result };
}

/**
 * Mutations of one push are committed in groups: one transaction per group, one savepoint per mutation.
 * A commit costs ~4 ms of WAL flush on this Postgres (~4 s per 1,000 mutations if each committed); a
 * group holds the organization's change-log lock (docs/sync.md) for at most about GROUP_MS, so other
 * writers of the organization wait that long at worst.
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

async function applyGroup(
  ctx: DomainCtx,
  clientId: string,
  organizationId: string,
  group: readonly PushMutation[],
): Promise<GroupRun> {
  const run: GroupRun = { outcomes: [] };
  let root: Knex.Transaction | undefined;
  await ctx.db.transaction(async (trx) => {
    root = trx;
    const started = Date.now();
    const inSavepoint = (m: PushMutation, refused?: MutationError) =>
      inTransaction({ ...ctx, db: trx as unknown as Knex }, (sp) =>
        applyOne(ctx, sp.db, clientId, organizationId, m, refused),
      );
    for (const m of group) {
      try {
        let outcome: Outcome;
        try {
          outcome = await inSavepoint(m);
        } catch (err) {
          // Its savepoint is rolled back. An error that would come back on every retry is recorded as the
          // mutation's rejection (a fresh savepoint: advance + outcome), so the queue moves on.
          const failure = classifyMutationFailure(err);
          if (failure.kind === 'transient') throw err;
          const log = failure.unexpected ? ctx.log.error.bind(ctx.log) : ctx.log.warn.bind(ctx.log);
          log({ err, mutation: m.name, mutationId: m.mutationId }, 'sync mutation rejected');
          outcome = await inSavepoint(m, failure.error);
        }
        run.outcomes.push(outcome);
        if (outcome.kind === 'gap') break;
      } catch (err) {
        // A transient fault: the mutations before it still commit, then the push answers 503.
        run.failure = err;
        break;
      }
      if (Date.now() - started > GROUP_MS) break;
    }
    if (run.outcomes.length === 0 && run.failure) throw run.failure;
  });
  if (root) await runPostCommit(root, ctx.log);
  return run;
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
