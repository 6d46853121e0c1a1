import { z } from 'zod';
import {
  defaultNextFollowUpTitle,
  ErrorCode,
  errorMessages,
  followUpCompleteSchema,
  followUpCreateSchema,
  followUpUpdateSchema,
  interactionCreateSchema,
  newFollowUpFields,
  newInteractionFields,
  type NewFollowUpInput,
  defaultMessageOf,
  validationMessages,
  VISIT_TYPE,
  visitFeedbackSchema,
} from '../index';
import {
  argsRecord,
  assertCanWrite,
  isUuid,
  MutationRejection,
  notFound,
  parseArgs,
  requireRow,
  syncColumnsOf,
  update,
  type ApplyCtx,
  type Row,
} from './core';

/** Replay-safe insert of a follow-up (an existing id is answered as is). */
export async function insertFollowUp(ctx: ApplyCtx, data: NewFollowUpInput & { id?: string }): Promise<Row> {
  const id = data.id ?? ctx.newId();
  const existing = await ctx.store.get('followUps', id);
  if (existing) return existing;
  const row = {
    ...syncColumnsOf(ctx, id),
    ...newFollowUpFields(data, { userId: ctx.userId, now: ctx.actedAt }),
  };
  await ctx.store.put('followUps', row);
  return row;
}

export async function createFollowUp(ctx: ApplyCtx, args: unknown): Promise<Row> {
  assertCanWrite(ctx);
  const input = parseArgs(followUpCreateSchema, args);
  const existing = input.id ? await ctx.store.get('followUps', input.id) : undefined;
  if (existing) return existing;
  await requireRow(ctx, 'clients', input.clientId, errorMessages.clientNotFound);
  await requireProperty(ctx, input.propertyId);
  return insertFollowUp(ctx, input);
}

/** A named property must be a live property of the organization (the server's store sees only its own). */
async function requireProperty(ctx: ApplyCtx, propertyId: string | null | undefined) {
  if (propertyId) await requireRow(ctx, 'properties', propertyId, errorMessages.propertyNotFound);
}

const updateArgsSchema = followUpUpdateSchema.extend({ id: z.unknown() });

export async function updateFollowUp(ctx: ApplyCtx, args: unknown): Promise<Row> {
  assertCanWrite(ctx);
  const { id, ...patch } = parseArgs(updateArgsSchema, args);
  const current = await requireRow(ctx, 'followUps', id, errorMessages.followUpNotFound);
  // As the server: reopening would let a second completion overwrite the first, so it is refused.
  if (patch.completed === false && current.completed)
    throw new MutationRejection(409, ErrorCode.ALREADY_COMPLETED, errorMessages.followUpReopenRefused);
  if (patch.clientId !== undefined)
    await requireRow(ctx, 'clients', patch.clientId, errorMessages.clientNotFound);
  await requireProperty(ctx, patch.propertyId);
  const changes: Record<string, unknown> = { ...patch };
  if (patch.completed !== undefined) {
    if (patch.completed && !current.completed) changes.completedAt = ctx.actedAt;
    if (!patch.completed) changes.completedAt = null;
    if (patch.completed && current.completed) delete changes.completed;
  }
  return update(ctx, 'followUps', current, changes);
}

export async function deleteFollowUp(ctx: ApplyCtx, args: unknown) {
  assertCanWrite(ctx);
  const row = await requireRow(ctx, 'followUps', argsRecord(args).id, errorMessages.followUpNotFound);
  await ctx.store.remove('followUps', row.id);
}

/**
 * A second completion is refused (409 already_completed) and keeps the first one. Answers the completed
 * follow-up and the next one (null when none was asked).
 */
export async function completeFollowUp(
  ctx: ApplyCtx,
  args: unknown,
): Promise<{ followUp: Row; nextFollowUp: Row | null }> {
  assertCanWrite(ctx);
  const raw = argsRecord(args);
  if (!isUuid(raw.id)) throw notFound(errorMessages.followUpNotFound);
  const input = parseArgs(followUpCompleteSchema, raw);
  const current = await requireRow(ctx, 'followUps', input.id, errorMessages.followUpNotFound);
  if (current.completed) {
    throw new MutationRejection(
      409,
      ErrorCode.ALREADY_COMPLETED,
      defaultMessageOf(ErrorCode.ALREADY_COMPLETED),
    );
  }
  const followUp = await update(ctx, 'followUps', current, {
    completed: true,
    completedAt: ctx.actedAt,
    completionComment: input.completionComment ?? null,
  });
  const next = input.nextFollowUp;
  if (!next) return { followUp, nextFollowUp: null };
  const client = await ctx.store.get('clients', String(current.clientId));
  const nextFollowUp = await insertFollowUp(ctx, {
    // Client-generated on the device and kept by the server (docs/decisions.md).
    id: next.id,
    clientId: String(current.clientId),
    type: next.type,
    title: next.title ?? defaultNextFollowUpTitle(next.type, (client?.name as string | undefined) ?? null),
    scheduledDate: next.scheduledDate,
  });
  return { followUp, nextFollowUp };
}

/**
 * The feedback of a visit (a follow-up of type Visita): interest 1–5, price opinion, comments; recorded
 * again, it replaces the last. A visit with feedback took place, so a pending one is completed by it
 * (docs/decisions.md); the completion's comment and next follow-up stay with completeFollowUp.
 */
export async function recordVisitFeedback(ctx: ApplyCtx, args: unknown): Promise<Row> {
  assertCanWrite(ctx);
  const raw = argsRecord(args);
  if (!isUuid(raw.id)) throw notFound(errorMessages.followUpNotFound);
  const input = parseArgs(visitFeedbackSchema, raw);
  const current = await requireRow(ctx, 'followUps', input.id, errorMessages.followUpNotFound);
  if (current.type !== VISIT_TYPE) {
    const message = errorMessages.visitFeedbackNotAVisit;
    throw new MutationRejection(400, ErrorCode.VALIDATION, message, { type: message });
  }
  return update(ctx, 'followUps', current, {
    visitInterest: input.visitInterest,
    visitPriceOpinion: input.visitPriceOpinion ?? null,
    visitFeedback: input.visitFeedback ?? null,
    ...(current.completed ? {} : { completed: true, completedAt: ctx.actedAt }),
  });
}

export async function addInteraction(ctx: ApplyCtx, args: unknown): Promise<Row> {
  assertCanWrite(ctx);
  const clientId = argsRecord(args).clientId;
  if (!isUuid(clientId)) throw notFound(errorMessages.clientNotFound);
  const input = parseArgs(interactionCreateSchema, args);
  if (input.relatedId && !isUuid(input.relatedId)) {
    const m = validationMessages.invalidId;
    throw new MutationRejection(400, ErrorCode.VALIDATION, m, { relatedId: m });
  }
  const id = input.id ?? ctx.newId();
  const existing = await ctx.store.get('interactions', id);
  if (existing) return existing;
  await requireRow(ctx, 'clients', clientId, errorMessages.clientNotFound);
  const row = { ...syncColumnsOf(ctx, id), ...newInteractionFields(clientId, input, { userId: ctx.userId }) };
  await ctx.store.put('interactions', row);
  return row;
}
