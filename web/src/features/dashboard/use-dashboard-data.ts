import { useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { ReplicaDb } from '../../data/db';
import { useClientIndex } from '../../data/read-hooks';
import { birthdaysToday, contactOverview, dayKey } from './dashboard.figures';
import {
  callFigures,
  clientFigures,
  followUpFigures,
  lastContactsOf,
  propertyFigures,
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
 * Every figure and list of the dashboard, live: index reads for the client counts, follow-ups, calls and
 * interactions; the client index for birthdays and the contact list. Each part is undefined until its first read has finished.
 */
export function useDashboardData(db: ReplicaDb, now: Date) {
  const day = dayKey(now);
  const minute = Math.floor(now.getTime() / 60_000);

  // `now` changes every minute; the reads keyed by `day` only need the day.
  const clients = useLiveQuery(() => clientFigures(db, now), [db, day]);
  // Reading and normalising every client holds the main thread (about a second at 50,000): the index
  // starts once the stat cards have their client figures.
  const index = useClientIndex(clients ? db : null);
  const followUps = useLiveQuery(() => followUpFigures(db, now), [db, minute]);
  const calls = useLiveQuery(() => callFigures(db, now), [db, day]);
  const properties = useLiveQuery(() => propertyFigures(db, now), [db, day]);
  const activity = useLiveQuery(() => recentActivity(db), [db]);
  const contacts = useLiveQuery(() => recentContacts(db, now), [db, day]);

  const birthdays = useMemo(
    () => (index.ready ? birthdaysToday(index.entries, now) : undefined),
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

  return { index, clients, birthdays, followUps, calls, properties, activity, contactList, olderContacts };
}

export type DashboardData = ReturnType<typeof useDashboardData>;
