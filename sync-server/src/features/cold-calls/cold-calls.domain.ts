import {
  callNeedsFollowUp,
  coldCallLogSchema,
  DEFAULT_NEXT_FOLLOW_UP_TYPE,
  defaultNextFollowUpTitle,
  type ColdCall,
  type FollowUp,
} from '@casa/shared-schema';
import { forOrganization } from '../../db/scope';
import { fromDbRow, fromDbRows, toDbRow } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { actedAt, type DomainCtx } from '../../http/context';
import { ensureMembership, recomputeCompletedCount, requireCampaign } from '../campaigns/campaigns.domain';
import {
  assertCanWrite,
  insertFollowUp,
  insertReplaySafe,
  requireClient,
} from '../follow-ups/follow-ups.domain';

type Row = Record<string, unknown>;

export type LoggedColdCall = ColdCall & { followUp: FollowUp | null };

const RECENT_CALLS = 100;

/** GET /api/coldcalls: the organization's latest calls, newest first, with the client's name. */
export async function listColdCalls(ctx: DomainCtx): Promise<(ColdCall & { clientName: string | null })[]> {
  const scope = forOrganization(ctx.db, ctx.auth);
  const rows = (await scope
    .table('cold_calls')
    .leftJoin('clients', 'clients.id', 'cold_calls.client_id')
    .select('cold_calls.*', 'clients.name as client_name')
    .orderBy('cold_calls.called_at', 'desc')
    .orderBy('cold_calls.id', 'asc')
    .limit(RECENT_CALLS)) as Row[];
  return fromDbRows<ColdCall & { clientName: string | null }>('cold_calls', rows).map((c) => ({
    ...c,
    clientName: c.clientName ?? null,
  }));
}

/**
 * Logs a call (list generator, campaign dialog, marathon). calledAt is when the agent acted (bounded,
 * http/context `actedAt`); agent and createdBy come from the server. With a campaign the client becomes contacted there (a member if it was not) and the
 * campaign's completedCount is recomputed; an optional follow-up is created in the same transaction.
 */
export async function logColdCall(ctx: DomainCtx, args: unknown): Promise<LoggedColdCall> {
  assertCanWrite(ctx);
  const input = coldCallLogSchema.parse(args);
  return inTransaction(ctx, async (tx) => {
    const scope = forOrganization(tx.db, tx.auth);
    let campaignId: string | null = null;
    if (input.id) {
      const existing = await scope.find('cold_calls', input.id);
      if (existing) return { ...fromDbRow<ColdCall>('cold_calls', existing), followUp: null };
    }
    const client = await requireClient(scope, input.clientId);
    if (input.campaignId) campaignId = (await requireCampaign(scope, input.campaignId)).id as string;
    const inserted = await insertReplaySafe(
      tx,
      scope,
      'cold_calls',
      toDbRow('cold_calls', {
        id: input.id,
        clientId: input.clientId,
        campaignId,
        phoneNumber: input.phoneNumber ?? ((client.phone as string | null) || null),
        result: input.result ?? null,
        notes: input.notes ?? null,
        duration: input.duration ?? 0,
        followUpNeeded: input.followUpNeeded ?? callNeedsFollowUp(input.result),
        agentId: tx.auth.userId,
        createdBy: tx.auth.userId,
        calledAt: actedAt(tx),
      }),
      undefined,
      { replayChecked: true }, // looked up at the top of this transaction
    );
    if (campaignId) {
      await ensureMembership(tx, campaignId, input.clientId);
      await recomputeCompletedCount(tx, campaignId);
    }
    let followUp: FollowUp | null = null;
    if (input.followUp) {
      const type = input.followUp.type ?? DEFAULT_NEXT_FOLLOW_UP_TYPE;
      const created = await insertFollowUp(tx, {
        id: input.followUp.id,
        clientId: input.clientId,
        type,
        title: input.followUp.title ?? defaultNextFollowUpTitle(type, (client.name as string | null) ?? null),
        scheduledDate: input.followUp.scheduledDate,
      });
      followUp = fromDbRow<FollowUp>('follow_ups', created.row);
    }
    return { ...fromDbRow<ColdCall>('cold_calls', inserted.row), followUp };
  });
}
