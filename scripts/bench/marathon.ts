// The marathon day the sync benches push (bench:sync over HTTP, profile-push.ts in process): 1,000
// mutations of a busy agent, in the device's order.
import { randomUUID } from 'node:crypto';
import {
  CALL_RESULTS,
  FOLLOW_UP_TYPES,
  INTERACTION_TYPES,
  type PushMutation,
} from '../../shared-schema/src/index';

export const MARATHON = 1_000;

/** A marathon day: calls (some with a follow-up), interactions, client edits, follow-ups, completions. */
export function marathon(clientIds: string[], followUpIds: string[]): PushMutation[] {
  const soon = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const out: PushMutation[] = [];
  for (let i = 0; out.length < MARATHON; i++) {
    const clientId = clientIds[i % clientIds.length]!;
    const kind = i % 10;
    let name: PushMutation['name'];
    let args: Record<string, unknown>;
    if (kind < 4) {
      name = 'logColdCall';
      args = {
        id: randomUUID(),
        clientId,
        result: CALL_RESULTS[i % CALL_RESULTS.length],
        notes: 'Maratona',
        ...(kind === 0 ? { followUp: { id: randomUUID(), scheduledDate: soon } } : {}),
      };
    } else if (kind < 7) {
      name = 'addInteraction';
      args = { id: randomUUID(), clientId, type: INTERACTION_TYPES[0], summary: `Conversa ${i}` };
    } else if (kind < 9) {
      name = 'updateClient';
      args = { id: clientId, notes: `Nota ${i}`, rating: (i % 5) + 1 };
    } else if (i % 20 === 9 && followUpIds.length) {
      name = 'completeFollowUp';
      args = { id: followUpIds.pop(), completionComment: 'Feito' };
    } else {
      name = 'createFollowUp';
      args = {
        id: randomUUID(),
        clientId,
        title: `Visita ${i}`,
        type: FOLLOW_UP_TYPES[0],
        scheduledDate: soon,
      };
    }
    out.push({ mutationId: out.length + 1, name, args });
  }
  return out;
}
