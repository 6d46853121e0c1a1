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
} from '@casa/shared-schema';
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
} from './core';

/** Replay-safe insert of a follow-up (an existing id is answered as is). */
export async function insertFollowUp(ctx: ApplyCtx, data: NewFollowUpInput & { id?: string }) {
  const id = data.id ?? ctx.newId();
  if (await ctx.store.get('followUps', id)) return;
  await ctx.store.put('followUps', {
    ...syncColumnsOf(ctx, id),
    ...newFollowUpFields(data, { userId: ctx.userId, now: ctx.actedAt }),
  });
}

export async function createFollowUp(ctx: ApplyCtx, args: unknown) {
  assertCanWrite(ctx);
  const input = parseArgs(followUpCreateSchema, args);
  if (input.id && (await ctx.store.get('followUps', input.id))) return;
  await requireRow(ctx, 'clients', input.clientId, errorMessages.clientNotFound);
  await insertFollowUp(ctx, input);
}

const updateArgsSchema = followUpUpdateSchema.extend({ id: z.unknown() });

export async function updateFollowUp(ctx: ApplyCtx, args: unknown) {
  assertCanWrite(ctx);
  const { id, ...patch } = parseArgs(updateArgsSchema, args);
  const current = await requireRow(ctx, 'followUps', id, errorMessages.followUpNotFound);
  // As the server: reopening would let a second completion overwrite the first, so it is refused.
  if (patch.completed === false && current.completed)
    throw new MutationRejection(409, ErrorCode.ALREADY_COMPLETED, errorMessages.followUpReopenRefused);
  if (patch.clientId !== undefined)
    await requireRow(ctx, 'clients', patch.clientId, errorMessages.clientNotFound);
  const changes: Record<string, unknown> = { ...patch };
  if (patch.completed !== undefined) {
    if (patch.completed && !current.completed) changes.completedAt = ctx.actedAt;
    if (!patch.completed) changes.completedAt = null;
    if (patch.completed && current.completed) delete changes.completed;
  }
  await update(ctx, 'followUps', current, changes);
}

export async function deleteFollowUp(ctx: ApplyCtx, args: unknown) {
  assertCanWrite(ctx);
  const row = await requireRow(ctx, 'followUps', argsRecord(args).id, errorMessages.followUpNotFound);
  await ctx.store.remove('followUps', row.id);
}

/** A second completion is refused (409 already_completed) and keeps the first one. */
export async function completeFollowUp(ctx: ApplyCtx, args: unknown) {
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
  await update(ctx, 'followUps', current, {
    completed: true,
    completedAt: ctx.actedAt,
    completionComment: input.completionComment ?? null,
  });
  if (input.nextFollowUp) {
    const client = await ctx.store.get('clients', String(current.clientId));
    const next = input.nextFollowUp;
    await insertFollowUp(ctx, {
      // The device's id for it, kept by the server (docs/decisions.md).
      id: next.id,
      clientId: String(current.clientId),
      type: next.type,
      title: next.title ?? defaultNextFollowUpTitle(next.type, (client?.name as string | undefined) ?? null),
      scheduledDate: next.scheduledDate,
    });
  }
}

export async function addInteraction(ctx: ApplyCtx, args: unknown) {
  assertCanWrite(ctx);
  const clientId = argsRecord(args).clientId;
  if (!isUuid(clientId)) throw notFound(errorMessages.clientNotFound);
  const input = parseArgs(interactionCreateSchema, args);
  if (input.relatedId && !isUuid(input.relatedId)) {
    const m = validationMessages.invalidId;
    throw new MutationRejection(400, ErrorCode.VALIDATION, m, { relatedId: m });
  }
  const id = input.id ?? ctx.newId();
  if (await ctx.store.get('interactions', id)) return;
  await requireRow(ctx, 'clients', clientId, errorMessages.clientNotFound);
  await ctx.store.put('interactions', {
    ...syncColumnsOf(ctx, id),
    ...newInteractionFields(clientId, input, { userId: ctx.userId }),
  });
}
