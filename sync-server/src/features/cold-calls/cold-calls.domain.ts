import type { ColdCall, FollowUp } from '@casa/shared-schema';
import type { Row as MutatorRow } from '@casa/shared-schema/mutators';
import { forOrganization } from '../../db/scope';
import { fromDbRow, fromDbRows } from '../../db/rows';
import type { DomainCtx } from '../../http/context';
import { runMutator } from '../sync/mutators.service';

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
