import { FOLLOW_UP_CALL_RESULTS } from '@casa/shared-schema/values';
import type { ReplicaDb } from '../../data/db';
import { sortedInstants, type ReportFacts, type Window } from './reports.figures';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The activity of a window (both report periods at once) by index range: only the createdAt,
 * completedAt and calledAt keys are read, plus the calls' results for the conversion.
 */
export async function activityFacts(db: ReplicaDb, w: Window): Promise<Omit<ReportFacts, 'clientsCreated'>> {
  const from = iso(w.start);
  const to = iso(w.end);
  const [interactions, completed, calls] = await Promise.all([
    db.interactions.where('createdAt').between(from, to, true, false).keys(),
    db.followUps.where('completedAt').between(from, to, true, false).keys(),
    db.coldCalls.where('calledAt').between(from, to, true, false).toArray(),
  ]);
  return {
    interactions: sortedInstants(interactions as string[]),
    followUpsCompleted: sortedInstants(completed as string[]),
    calls: sortedInstants(calls.map((c) => c.calledAt)),
    convertedCalls: sortedInstants(
      calls.filter((c) => c.result && FOLLOW_UP_CALL_RESULTS.includes(c.result)).map((c) => c.calledAt),
    ),
  };
}
