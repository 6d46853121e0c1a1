import { useMemo } from 'react';
import { useLiveQuery } from '../../data/live-query';
import type { StatsPeriod } from '@casa/shared-schema';
import { useClientSearch } from '../../data/client-search/use-client-search';
import { useWorkerAnswer } from '../../data/client-search/use-worker-answer';
import { useSyncClient } from '../../data/sync-provider';
import { buildReport, periodWindows, type Report } from './reports.figures';
import { overdueFollowUpCount } from '../follow-ups/follow-ups.queries';
import { propertyReport, type PropertyReport } from './property-report.figures';
import { activityFacts } from './reports.queries';

/** The report of a period, live: it follows every local write and sync pull. undefined while loading. */
export function useReport(period: StatsPeriod): Report | undefined {
  const client = useSyncClient();
  // Every client's creation and type, from the search worker (issue 19): asked again per index change.
  const { search } = useClientSearch(client?.db);
  const clients = useWorkerAnswer(search, (s) => s.clientFacts(), []) ?? null;

  const activity = useLiveQuery(async () => {
    if (!client) return undefined;
    const now = new Date();
    const { current, previous } = periodWindows(period, now);
    const facts = await activityFacts(client.db, { start: previous.start, end: current.end });
    return { period, now, facts };
  }, [client, period]);
  // Apart (keys of two indexes): it must not hold the figures back.
  const overdue = useLiveQuery(
    () => (client ? overdueFollowUpCount(client.db, new Date()) : undefined),
    [client],
  );

  return useMemo(() => {
    if (!activity || !clients || activity.period !== period) return undefined;
    return buildReport({
      period,
      now: activity.now,
      clients,
      activity: activity.facts,
      overdueFollowUps: overdue ?? null,
    });
  }, [activity, clients, period, overdue]);
}

/**
 * The properties section (issue 20): the replica's properties as they are now, live. undefined while
 * loading. `now` is read per change: days on market move on with the day.
 */
export function usePropertyReport(): PropertyReport | undefined {
  const client = useSyncClient();
  return useLiveQuery(
    async () => (client ? propertyReport(await client.db.properties.toArray(), new Date()) : undefined),
    [client],
  );
}
