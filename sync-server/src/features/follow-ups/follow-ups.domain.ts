import {
  errorMessages,
  isFollowUpOverdue,
  lisbonDayBounds,
  newFollowUpFields,
  uuidSchema,
  type FollowUp,
  type FollowUpListItem,
  ErrorCode,
  type NewFollowUpInput,
} from '@casa/shared-schema';
import type { Row as MutatorRow } from '@casa/shared-schema/mutators';
import { dialectOf } from '../../db/knex';
import { forOrganization, type OrganizationScope } from '../../db/scope';
import { fromDbRow, toDbRow } from '../../db/rows';
import type { TxCtx } from '../../db/transaction';
import { canWrite } from '../../http/auth';
import { actedAt, type DomainCtx } from '../../http/context';
import { runMutator } from '../sync/mutators.service';
import { AppError, forbidden, notFound } from '../../http/errors';

type Row = Record<string, unknown>;

/** Viewers can only look (docs/product.md#roles): create, edit, complete and delete need a writing role. */
export function assertCanWrite(ctx: DomainCtx): void {
  if (!canWrite(ctx.auth)) throw forbidden(errorMessages.forbidden);
}

/** A path or payload id: anything that is not a uuid is simply not found. */
export function idOf(value: unknown, message: string): string {
  const parsed = uuidSchema.safeParse(value);
  if (!parsed.success) throw notFound(message);
  return parsed.data;
}

/** The client must be a live client of the session's organization; another organization's id is a 404. */
export async function requireClient(scope: OrganizationScope, clientId: string): Promise<Row> {
  const client = await scope.find('clients', clientId);
  if (!client) throw notFound(errorMessages.clientNotFound);
  return client;
}

const toFollowUp = (row: Row): FollowUp => fromDbRow<FollowUp>('follow_ups', row);

function listItem(row: Row, now: Date): FollowUpListItem {
  const followUp = fromDbRow<FollowUp & { clientName?: string | null }>('follow_ups', row);
  return {
    ...followUp,
    clientName: followUp.clientName ?? null,
    overdue: isFollowUpOverdue(followUp, now),
  };
}

function withClientName(scope: OrganizationScope) {
  return scope
    .table('follow_ups')
    .leftJoin('clients', 'clients.id', 'follow_ups.client_id')
    .select('follow_ups.*', 'clients.name as client_name');
}

export async function listFollowUps(ctx: DomainCtx): Promise<FollowUpListItem[]> {
  const scope = forOrganization(ctx.db, ctx.auth);
  const rows = (await withClientName(scope)
    .orderBy('follow_ups.scheduled_date', 'asc')
    .orderBy('follow_ups.id', 'asc')) as Row[];
  const now = new Date(ctx.now);
  return rows.map((row) => listItem(row, now));
}

/** Not completed and scheduled within today's Lisbon calendar day (23, 24 or 25 hours long). */
export async function todayFollowUps(ctx: DomainCtx): Promise<FollowUpListItem[]> {
  const scope = forOrganization(ctx.db, ctx.auth);
  const { start, end } = lisbonDayBounds(ctx.now);
  const rows = (await withClientName(scope)
    .where('follow_ups.completed', false)
    .where('follow_ups.scheduled_date', '>=', start.toISOString())
    .where('follow_ups.scheduled_date', '<', end.toISOString())
    .orderBy('follow_ups.scheduled_date', 'asc')
    .orderBy('follow_ups.id', 'asc')) as Row[];
  const now = new Date(ctx.now);
  return rows.map((row) => listItem(row, now));
}

export async function getFollowUp(ctx: DomainCtx, id: unknown): Promise<FollowUpListItem> {
  const scope = forOrganization(ctx.db, ctx.auth);
  const followUpId = idOf(id, errorMessages.followUpNotFound);
  const row = (await withClientName(scope).where('follow_ups.id', followUpId).first()) as Row | undefined;
  if (!row) throw notFound(errorMessages.followUpNotFound);
  return listItem(row, new Date(ctx.now));
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}

/**
 * Inserts a replicated row with a client-generated id, replay-safe: when the id already exists in the
 * organization the existing row is answered; an id taken elsewhere is a conflict. `replayChecked`: the
 * caller already looked the id up in this transaction (and found nothing), so it is not read again.
 * The row is created when the user acted (`actedAt`) unless it says otherwise.
 */
export async function insertReplaySafe(
  tx: TxCtx,
  scope: OrganizationScope,
  table: Parameters<OrganizationScope['insert']>[0],
  row: Row,
  beforeInsert?: () => Promise<void>,
  { replayChecked = false }: { replayChecked?: boolean } = {},
): Promise<{ row: Row; created: boolean }> {
  if (typeof row.id === 'string' && !replayChecked) {
    const existing = await scope.find(table, row.id);
    if (existing) return { row: existing, created: false };
  }
  await beforeInsert?.();
  try {
    const stamped = { created_at: actedAt(tx), ...row };
    const inserted = await tx.db.transaction((sp) =>
      forOrganization(sp, tx.auth).insert(table, stamped, tx.now),
    );
    return { row: inserted, created: true };
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ErrorCode.CONFLICT);
    throw err;
  }
}

/** Creates a follow-up inside an open transaction (also used by the call log's 'Agendar Follow-up'). */
export async function insertFollowUp(
  tx: TxCtx,
  data: NewFollowUpInput & { id?: string },
  beforeInsert?: () => Promise<void>,
): Promise<{ row: Row; created: boolean }> {
  const scope = forOrganization(tx.db, tx.auth);
  return insertReplaySafe(
    tx,
    scope,
    'follow_ups',
    toDbRow('follow_ups', {
      ...(data.id ? { id: data.id } : {}),
      ...newFollowUpFields(data, { userId: tx.auth.userId, now: actedAt(tx) }),
    }),
    beforeInsert,
  );
}

/** POST /api/followups and 'followUp.create': the shared mutator (shared-schema/src/mutators/follow-ups.ts). */
export async function createFollowUp(ctx: DomainCtx, args: unknown): Promise<FollowUp> {
  return runMutator<MutatorRow, FollowUp>(ctx, 'createFollowUp', args, ({ value, store }) =>
    toFollowUp(store.dbRow('followUps', value.id)),
  );
}

/** PUT /api/followups/{id} and 'followUp.update'; reopening a completed follow-up is refused. */
export async function updateFollowUp(ctx: DomainCtx, args: unknown): Promise<FollowUp> {
  return runMutator<MutatorRow, FollowUp>(ctx, 'updateFollowUp', args, ({ value, store }) =>
    toFollowUp(store.dbRow('followUps', value.id)),
  );
}

export async function deleteFollowUp(ctx: DomainCtx, args: unknown): Promise<void> {
  await runMutator(ctx, 'deleteFollowUp', args, () => undefined);
}

export type FollowUpCompletion = { followUp: FollowUp; nextFollowUp: FollowUp | null };

/**
 * Completes a follow-up once: a second completion is 409 'already_completed' and keeps the first
 * (completedAt and comment unchanged). The optional next follow-up is created in the same transaction.
 * Server-only: on Postgres the row is locked first (SQLite serialises writers), so two concurrent
 * completions cannot both win.
 */
export async function completeFollowUp(ctx: DomainCtx, args: unknown): Promise<FollowUpCompletion> {
  type Completion = { followUp: MutatorRow; nextFollowUp: MutatorRow | null };
  const id = (args as { id?: unknown } | null)?.id;
  return runMutator<Completion, FollowUpCompletion>(
    ctx,
    'completeFollowUp',
    args,
    ({ value, store }) => ({
      followUp: toFollowUp(store.dbRow('followUps', value.followUp.id)),
      nextFollowUp: value.nextFollowUp ? toFollowUp(store.dbRow('followUps', value.nextFollowUp.id)) : null,
    }),
    async (tx, scope) => {
      const lockId = uuidSchema.safeParse(id);
      if (dialectOf(tx.db) !== 'pg' || !lockId.success || !canWrite(tx.auth)) return;
      await scope.table('follow_ups').where('follow_ups.id', lockId.data).first('follow_ups.id').forUpdate();
    },
  );
}
