import type { ColdCall, FollowUp } from '@casa/shared-schema';
import type { Row as MutatorRow } from '@casa/shared-schema/mutators';
import { forOrganization } from '../../db/scope';
import { fromDbRow, fromDbRows } from '../../db/rows';
import type { DomainCtx } from '../../http/context';
import { runMutator } from '../sync/mutators.service';
import { groupedWrite } from '../sync/write-groups.service';

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
 * Logs a call (list generator, campaign dialog, marathon), the shared mutator
 * (shared-schema/src/mutators/campaigns.ts). calledAt is when the agent acted (bounded, http/context
 * `actedAt`); agent and createdBy come from the server. With a campaign the client becomes contacted there
 * (a member if it was not) and the campaign's completedCount is recomputed; an optional follow-up is
 * created in the same transaction.
 */
export async function logColdCall(ctx: DomainCtx, args: unknown): Promise<LoggedColdCall> {
  type Logged = { coldCall: MutatorRow; followUp: MutatorRow | null };
  return runMutator<Logged, LoggedColdCall>(ctx, 'logColdCall', args, ({ value, store }) => ({
    ...fromDbRow<ColdCall>('cold_calls', store.dbRow('coldCalls', value.coldCall.id)),
    followUp: value.followUp
      ? fromDbRow<FollowUp>('follow_ups', store.dbRow('followUps', value.followUp.id))
      : null,
  }));
}

/** The rows logColdCall reads by an id its arguments name: its own (a replay), the client, the follow-up. */
const LOG_COLD_CALL_READS = ['cold_calls', 'clients', 'follow_ups'] as const;

/**
 * POST /api/coldcalls: logColdCall in the organization's next write group, with the calls that arrive
 * meanwhile (one transaction and one change-log append for all of them; its own answer or refusal each:
 * features/sync/write-groups.service.ts).
 */
export function logColdCallGrouped(ctx: DomainCtx, args: unknown): Promise<LoggedColdCall> {
  return groupedWrite(ctx, { run: (tx) => logColdCall(tx, args), readsById: LOG_COLD_CALL_READS, args });
}
