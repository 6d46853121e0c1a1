import type { CallResult } from '@casa/shared-schema';
import { callNeedsFollowUp, MARATHON_CALL_DURATION } from '@casa/shared-schema/values';
import type { MutationReceipt, Mutators } from '../../data/mutators';

/** The interaction summary of a marathon result (docs/decisions.md, cold calls). */
export const MARATHON_SUMMARY_PREFIX = 'Chamada (Modo Maratona): ';

export type MarathonCall = { clientId: string; campaignId?: string | null; result: CallResult };

/**
 * One marathon result, as the document's marathon flow stores it: the call, then an interaction type
 * 'Cold Call' pointing at it (`relatedId` = the call's id), so 'Atividade Recente' shows the pair once,
 * as the call.
 */
export async function logMarathonCall(
  mutate: Pick<Mutators, 'logColdCall' | 'addInteraction'>,
  { clientId, campaignId = null, result }: MarathonCall,
): Promise<MutationReceipt> {
  const followUp = callNeedsFollowUp(result);
  const call = await mutate.logColdCall({
    clientId,
    campaignId,
    result,
    notes: null,
    duration: MARATHON_CALL_DURATION,
    followUpNeeded: followUp,
  });
  await mutate.addInteraction({
    clientId,
    type: 'Cold Call',
    direction: 'outgoing',
    result,
    summary: `${MARATHON_SUMMARY_PREFIX}${result}`,
    duration: MARATHON_CALL_DURATION,
    followUpRequired: followUp,
    relatedId: call.id,
  });
  return call;
}
