import { useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { ReplicaDb } from '../../data/db';
import { useClientIndex } from '../../data/read-hooks';
import { clientFigures, contactOverview, dayKey } from './dashboard.figures';
import {
  callFigures,
  followUpFigures,
  lastContactsOf,
  recentActivity,
  recentContacts,
} from './dashboard.queries';

/** The current time, renewed every `intervalMs`: relative times, overdue state and "today" move on. */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * Every figure and list of the dashboard, live: the client index for clients, index range reads for
 * follow-ups, calls and interactions. Each part is undefined until its first read has finished.
 */
export function useDashboardData(db: ReplicaDb, now: Date) {
  const index = useClientIndex(db);
  const day = dayKey(now);
  const minute = Math.floor(now.getTime() / 60_000);

  // `now` changes every minute; the reads keyed by `day` only need the day.
  const followUps = useLiveQuery(() => followUpFigures(db, now), [db, minute]);
  const calls = useLiveQuery(() => callFigures(db, now), [db, day]);
  const activity = useLiveQuery(() => recentActivity(db), [db]);
  const contacts = useLiveQuery(() => recentContacts(db, now), [db, day]);

  const clients = useMemo(
    () => (index.ready ? clientFigures(index.entries, now) : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- recomputed per index change and per day
    [index, day],
  );
  const contactList = useMemo(
    () => (index.ready && contacts ? contactOverview(index.entries, contacts, now) : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- recomputed per index/contacts change and per minute
    [index, contacts, minute],
  );
  const toContactIds = contactList?.toContact.map((c) => c.id).join(',') ?? '';
  const olderContacts = useLiveQuery(
    () => lastContactsOf(db, toContactIds ? toContactIds.split(',') : []),
    [db, toContactIds],
  );

  return { index, clients, followUps, calls, activity, contactList, olderContacts };
}

export type DashboardData = ReturnType<typeof useDashboardData>;
