import {
  callNeedsFollowUp,
  campaignClientCreateSchema,
  campaignCreateSchema,
  coldCallLogSchema,
  DEFAULT_NEXT_FOLLOW_UP_TYPE,
  defaultNextFollowUpTitle,
  errorMessages,
  chosenCampaignMembers,
  rankCampaignCandidates,
  type CampaignFilters,
  type Client,
} from '../index';
import { insertFollowUp } from './follow-ups';
import {
  argsRecord,
  assertCanWrite,
  conflict,
  insertRows,
  isUuid,
  notFound,
  parseArgs,
  requireRow,
  syncColumnsOf,
  update,
  type ApplyCtx,
  type Row,
} from './core';

const requireCampaign = (ctx: ApplyCtx, id: unknown) =>
  requireRow(ctx, 'campaigns', id, errorMessages.campaignNotFound);

async function membership(ctx: ApplyCtx, campaignId: string, clientId: string): Promise<Row | undefined> {
  const rows = await ctx.store.where('campaignClients', 'campaignId', campaignId);
  return rows.find((r) => r.clientId === clientId);
}

/** Distinct live members with at least one live call in the campaign; written only when it changed. */
export async function recomputeCompletedCount(ctx: ApplyCtx, campaignId: string) {
  const members = await ctx.store.where('campaignClients', 'campaignId', campaignId);
  const called = new Set(
    (await ctx.store.where('coldCalls', 'campaignId', campaignId)).map((c) => c.clientId),
  );
  const count = new Set(members.filter((m) => called.has(m.clientId)).map((m) => m.clientId)).size;
  const campaign = await ctx.store.get('campaigns', campaignId);
  if (campaign && campaign.completedCount !== count) {
    await update(ctx, 'campaigns', campaign, { completedCount: count });
  }
}

async function ensureMembership(ctx: ApplyCtx, campaignId: string, clientId: string, id?: string) {
  const live = await membership(ctx, campaignId, clientId);
  if (live) return { row: live, created: false };
  const row = { ...syncColumnsOf(ctx, id ?? ctx.newId()), campaignId, clientId };
  if (id && (await ctx.store.get('campaignClients', id))) throw conflict();
  await ctx.store.put('campaignClients', row);
  return { row, created: true };
}

/**
 * A call, with the campaign membership and completedCount, and the optional follow-up (its id is kept).
 * Answers the call and the follow-up it created (null on a replay, as the server always did).
 */
export async function logColdCall(
  ctx: ApplyCtx,
  args: unknown,
): Promise<{ coldCall: Row; followUp: Row | null }> {
  assertCanWrite(ctx);
  const input = parseArgs(coldCallLogSchema, args);
  const id = input.id ?? ctx.newId();
  const existing = await ctx.store.get('coldCalls', id);
  if (existing) return { coldCall: existing, followUp: null };
  const client = await requireRow(ctx, 'clients', input.clientId, errorMessages.clientNotFound);
  const campaignId = input.campaignId ? (await requireCampaign(ctx, input.campaignId)).id : null;
  const coldCall: Row = {
    ...syncColumnsOf(ctx, id),
    clientId: input.clientId,
    campaignId,
    phoneNumber: input.phoneNumber ?? ((client.phone as string | null) || null),
    result: input.result ?? null,
    notes: input.notes ?? null,
    duration: input.duration ?? 0,
    followUpNeeded: input.followUpNeeded ?? callNeedsFollowUp(input.result),
    agentId: ctx.userId,
    createdBy: ctx.userId,
    calledAt: ctx.actedAt,
  };
  await ctx.store.put('coldCalls', coldCall);
  if (campaignId) {
    await ensureMembership(ctx, campaignId, input.clientId);
    await recomputeCompletedCount(ctx, campaignId);
  }
  if (!input.followUp) return { coldCall, followUp: null };
  const type = input.followUp.type ?? DEFAULT_NEXT_FOLLOW_UP_TYPE;
  const followUp = await insertFollowUp(ctx, {
    id: input.followUp.id,
    clientId: input.clientId,
    type,
    title: input.followUp.title ?? defaultNextFollowUpTitle(type, (client.name as string | null) ?? null),
    scheduledDate: input.followUp.scheduledDate,
  });
  return { coldCall, followUp };
}

/** Latest live interaction (createdAt) or cold call (calledAt) per client (the server's store answers it in SQL). */
async function lastContacts(ctx: ApplyCtx): Promise<Map<string, string>> {
  if (ctx.store.lastContacts) return ctx.store.lastContacts();
  const out = new Map<string, string>();
  const note = (clientId: unknown, at: unknown) => {
    if (typeof clientId !== 'string' || typeof at !== 'string') return;
    const current = out.get(clientId);
    if (!current || Date.parse(at) > Date.parse(current)) out.set(clientId, at);
  };
  for (const i of await ctx.store.all('interactions')) note(i.clientId, i.createdAt);
  for (const c of await ctx.store.all('coldCalls')) note(c.clientId, c.calledAt);
  return out;
}

/**
 * The campaign row and, as the server's list generator does in the same transaction, its members:
 * the matching clients (`rankCampaignCandidates`, capped at targetCount). Locally they get per-mutation
 * ids and so show offline at once; the server's own rows replace them with the pull after the push.
 */
async function liveClientIds(ctx: ApplyCtx, ids: string[]): Promise<string[]> {
  // A long previewed list is checked against one read of the clients, not one read per id.
  if (ids.length > 50) {
    const live = new Set((await ctx.store.all('clients')).map((c) => c.id));
    return ids.filter((id) => live.has(id));
  }
  const out: string[] = [];
  for (const id of ids) if (await ctx.store.get('clients', id)) out.push(id);
  return out;
}

/** The server's ranking (no previewed list was sent). */
async function rankedMemberIds(ctx: ApplyCtx, filters: CampaignFilters, targetCount: number) {
  const contacts = await lastContacts(ctx);
  const members = rankCampaignCandidates(
    (await ctx.store.all('clients')) as unknown as Client[],
    filters,
    (clientId) => contacts.get(clientId),
    ctx.now,
    targetCount,
  );
  return members.map((m) => m.id);
}

/** Answers the campaign row (the stored one on a replay, its members untouched). */
export async function createCampaign(ctx: ApplyCtx, args: unknown): Promise<Row> {
  assertCanWrite(ctx);
  const input = parseArgs(campaignCreateSchema, args);
  const id = input.id ?? ctx.newId();
  const existing = await ctx.store.get('campaigns', id);
  if (existing) return existing;
  const campaign: Row = {
    ...syncColumnsOf(ctx, id),
    name: input.name,
    description: input.description ?? null,
    filters: input.filters,
    targetCount: input.targetCount,
    completedCount: 0,
    status: input.status,
    agentId: ctx.userId,
    createdBy: ctx.userId,
  };
  await ctx.store.put('campaigns', campaign);
  const memberIds = input.clientIds
    ? chosenCampaignMembers(await liveClientIds(ctx, input.clientIds), input.targetCount)
    : await rankedMemberIds(ctx, input.filters, input.targetCount);
  const members = memberIds.map((clientId) => ({
    ...syncColumnsOf(ctx, ctx.newId()),
    campaignId: id,
    clientId,
  }));
  await insertRows(ctx, 'campaignClients', members);
  return campaign;
}

export async function deleteCampaign(ctx: ApplyCtx, args: unknown) {
  assertCanWrite(ctx);
  const campaign = await requireCampaign(ctx, argsRecord(args).id);
  await ctx.store.removeWhere('campaignClients', 'campaignId', campaign.id);
  await ctx.store.remove('campaigns', campaign.id);
}

/** Answers the membership (the same one when the same create is replayed). */
export async function addCampaignClient(ctx: ApplyCtx, args: unknown): Promise<Row> {
  assertCanWrite(ctx);
  const raw = argsRecord(args);
  const campaign = await requireCampaign(ctx, raw.campaignId);
  if (!isUuid(raw.clientId)) throw notFound(errorMessages.clientNotFound);
  await requireRow(ctx, 'clients', raw.clientId, errorMessages.clientNotFound);
  const input = parseArgs(campaignClientCreateSchema, { ...raw, campaignId: campaign.id });
  const { row, created } = await ensureMembership(ctx, campaign.id, input.clientId, input.id);
  if (!created && !(input.id && row.id === input.id))
    throw conflict(errorMessages.clientAlreadyInCampaignServer);
  await recomputeCompletedCount(ctx, campaign.id);
  return row;
}

export async function removeCampaignClient(ctx: ApplyCtx, args: unknown) {
  assertCanWrite(ctx);
  const raw = argsRecord(args);
  const campaign = await requireCampaign(ctx, raw.campaignId);
  if (!isUuid(raw.clientId)) throw notFound(errorMessages.clientNotInCampaignServer);
  const live = await membership(ctx, campaign.id, raw.clientId);
  if (!live) throw notFound(errorMessages.clientNotInCampaignServer);
  await ctx.store.remove('campaignClients', live.id);
  await recomputeCompletedCount(ctx, campaign.id);
}
