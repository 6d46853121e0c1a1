import type { Knex } from 'knex';
import {
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
import { runPostCommit } from '../../db/transaction';
import type { DomainCtx } from '../../http/context';
import { toAppError } from '../../http/error-handler';
import { AppError } from '../../http/errors';
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

type Outcome = { kind: 'done'; result: MutationResult } | { kind: 'gap'; last: number };

/**
 * One mutation in ONE transaction (the Replicache rule): the device's last_mutation_id is advanced first
 * (that UPDATE locks the row), the domain function runs under a savepoint, and the outcome is recorded,
 * all committed together. A domain refusal undoes only the savepoint and is recorded as rejected; an
 * unexpected (5xx) error rolls everything back, the sequence included.
 */
async function applyOne(ctx: DomainCtx, clientId: string, organizationId: string, m: PushMutation) {
  let trx: Knex.Transaction | undefined;
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    trx = tx;
    // Takes the device row's lock (Postgres row lock, SQLite write lock) and advances the sequence when
    // this mutation is the next one; a concurrent push of the same device waits here, then finds it done.
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
    let result: MutationResult;
    try {
      // Every domain function writes inside its own inTransaction: given this transaction, that is a
      // savepoint, so a refusal undoes its writes only (and its post-commit tasks wait for our commit).
      const value = await MUTATORS[m.name]({ ...ctx, db: tx as unknown as Knex, now }, m.args);
      result = { mutationId: m.mutationId, status: 'applied' };
      if (value !== undefined && value !== null) result.result = value;
    } catch (err) {
      const appError = toAppError(err);
      if (appError.status >= 500) throw err;
      if (appError.status === 404 && (await alreadyGone(tx, organizationId, m.name, m.args))) {
        result = { mutationId: m.mutationId, status: 'applied' };
      } else {
        result = { mutationId: m.mutationId, status: 'rejected', error: mutationError(appError) };
      }
    }
    await tx('sync_mutation_results').insert({
      client_id: clientId,
      mutation_id: m.mutationId,
      status: result.status,
      result: result.result === undefined ? null : JSON.stringify(result.result),
      error: result.error ? JSON.stringify(result.error) : null,
      created_at: now,
    });
    return { kind: 'done', result };
  });
  if (trx) await runPostCommit(trx, ctx.log);
  return outcome;
}

/**
 * POST /api/sync/push (docs/sync.md): the device's mutations in order, each through the domain function
 * of the same REST write, each in its own transaction. Already processed ids answer their recorded
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
  for (const m of mutations.slice(done.length)) {
    const outcome = await applyOne(ctx, clientId, organizationId, m);
    if (outcome.kind === 'gap') {
      // Another push of this device got ahead and then lost mutations: stop, the device resends.
      if (results.length === 0) throw gap(outcome.last);
      break;
    }
    results.push(outcome.result);
    if (outcome.result.mutationId > last) last = outcome.result.mutationId;
  }
  await ctx
    .db('sync_mutation_results')
    .where('client_id', clientId)
    .where('mutation_id', '<=', last - KEPT_RESULTS_PER_CLIENT)
    .delete();
  return { lastMutationId: last, results };
}
