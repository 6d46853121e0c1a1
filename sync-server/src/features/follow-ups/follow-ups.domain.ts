import {
  defaultNextFollowUpTitle,
  errorMessages,
  followUpCompleteSchema,
  followUpCreateSchema,
  followUpUpdateSchema,
  isFollowUpOverdue,
  lisbonDayBounds,
  newFollowUpFields,
  uuidSchema,
  type FollowUp,
  type FollowUpListItem,
  ErrorCode,
  type NewFollowUpInput,
} from '@casa/shared-schema';
import { z } from 'zod';
import { dialectOf } from '../../db/knex';
import { forOrganization, type OrganizationScope } from '../../db/scope';
import { fromDbRow, toDbRow } from '../../db/rows';
import { inTransaction, type TxCtx } from '../../db/transaction';
import { canWrite } from '../../http/auth';
import { actedAt, type DomainCtx } from '../../http/context';
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

export async function createFollowUp(ctx: DomainCtx, args: unknown): Promise<FollowUp> {
  assertCanWrite(ctx);
  const input = followUpCreateSchema.parse(args);
  return inTransaction(ctx, async (tx) => {
    const scope = forOrganization(tx.db, tx.auth);
    const { row } = await insertFollowUp(tx, input, async () => {
      await requireClient(scope, input.clientId);
    });
    return toFollowUp(row);
  });
}

const updateArgsSchema = followUpUpdateSchema.extend({ id: z.unknown() });

export async function updateFollowUp(ctx: DomainCtx, args: unknown): Promise<FollowUp> {
  assertCanWrite(ctx);
  const { id, ...patch } = updateArgsSchema.parse(args);
  const followUpId = idOf(id, errorMessages.followUpNotFound);
  return inTransaction(ctx, async (tx) => {
    const scope = forOrganization(tx.db, tx.auth);
    const current = await scope.find('follow_ups', followUpId);
    if (!current) throw notFound(errorMessages.followUpNotFound);
    // Reopening would let a second completion overwrite the first (docs/decisions.md): refused.
    if (patch.completed === false && fromDbRow<FollowUp>('follow_ups', current).completed)
      throw new AppError(ErrorCode.ALREADY_COMPLETED, errorMessages.followUpReopenRefused);
    if (patch.clientId !== undefined) await requireClient(scope, patch.clientId);
    const dbPatch: Row = toDbRow('follow_ups', patch);
    if (patch.completed !== undefined) {
      const wasCompleted = fromDbRow<FollowUp>('follow_ups', current).completed;
      if (patch.completed && !wasCompleted) dbPatch.completed_at = actedAt(tx);
      if (!patch.completed) dbPatch.completed_at = null;
      if (patch.completed && wasCompleted) delete dbPatch.completed;
    }
    const row = await scope.update('follow_ups', followUpId, dbPatch, tx.now);
    return toFollowUp(row);
  });
}

export async function deleteFollowUp(ctx: DomainCtx, args: unknown): Promise<void> {
  assertCanWrite(ctx);
  const followUpId = idOf((args as { id?: unknown } | null)?.id, errorMessages.followUpNotFound);
  await inTransaction(ctx, async (tx) => {
    const scope = forOrganization(tx.db, tx.auth);
    if (!(await scope.find('follow_ups', followUpId))) throw notFound(errorMessages.followUpNotFound);
    await scope.softDelete('follow_ups', followUpId, tx.now);
  });
}

export type FollowUpCompletion = { followUp: FollowUp; nextFollowUp: FollowUp | null };

/**
 * Completes a follow-up once: a second completion is 409 'already_completed' and keeps the first
 * (completedAt and comment unchanged). The optional next follow-up is created in the same transaction.
 */
export async function completeFollowUp(ctx: DomainCtx, args: unknown): Promise<FollowUpCompletion> {
  assertCanWrite(ctx);
  const raw = (args ?? {}) as { id?: unknown };
  const followUpId = idOf(raw.id, errorMessages.followUpNotFound);
  const input = followUpCompleteSchema.parse({ ...raw, id: followUpId });
  return inTransaction(ctx, async (tx) => {
    const scope = forOrganization(tx.db, tx.auth);
    // Lock the row (Postgres; SQLite serialises writers) so two concurrent completions cannot both win.
    let query = scope.table('follow_ups').where('follow_ups.id', followUpId).first();
    if (dialectOf(tx.db) === 'pg') query = query.forUpdate();
    const current = (await query) as Row | undefined;
    if (!current) throw notFound(errorMessages.followUpNotFound);
    if (fromDbRow<FollowUp>('follow_ups', current).completed) throw new AppError(ErrorCode.ALREADY_COMPLETED);
    const updated = await scope.update(
      'follow_ups',
      followUpId,
      { completed: true, completed_at: actedAt(tx), completion_comment: input.completionComment ?? null },
      tx.now,
    );
    const followUp = toFollowUp(updated);
    let nextFollowUp: FollowUp | null = null;
    if (input.nextFollowUp) {
      const client = await scope.find('clients', followUp.clientId);
      const { row } = await insertFollowUp(tx, {
        ...(input.nextFollowUp.id ? { id: input.nextFollowUp.id } : {}),
        clientId: followUp.clientId,
        type: input.nextFollowUp.type,
        title:
          input.nextFollowUp.title ??
          defaultNextFollowUpTitle(input.nextFollowUp.type, (client?.name as string | undefined) ?? null),
        scheduledDate: input.nextFollowUp.scheduledDate,
      });
      nextFollowUp = toFollowUp(row);
    }
    return { followUp, nextFollowUp };
  });
}
