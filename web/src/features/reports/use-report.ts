import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { StatsPeriod } from '@casa/shared-schema';
import { useClientIndex } from '../../data/read-hooks';
import { useSyncClient } from '../../data/sync-provider';
import { buildReport, clientFacts, periodWindows, type Report } from './reports.figures';
import { activityFacts, overdueFollowUpCount } from './reports.queries';

/** The report of a period, live: it follows every local write and sync pull. undefined while loading. */
export function useReport(period: StatsPeriod): Report | undefined {
  const client = useSyncClient();
  const index = useClientIndex(client?.db);
  const clients = useMemo(() => clientFacts(index.entries.map((e) => e.client)), [index.entries]);

  const activity = useLiveQuery(async () => {
    if (!client) return undefined;
    const now = new Date();
    const { current, previous } = periodWindows(period, now);
    const [facts, overdue] = await Promise.all([
      activityFacts(client.db, { start: previous.start, end: current.end }),
      overdueFollowUpCount(client.db, now),
    ]);
    return { period, now, facts, overdue };
  }, [client, period]);

  return useMemo(() => {
    if (!activity || !index.ready || activity.period !== period) return undefined;
    return buildReport({
      period,
      now: activity.now,
      clients,
      activity: activity.facts,
      overdueFollowUps: activity.overdue,
    });
  }, [activity, clients, index.ready, period]);
}
