import { useMemo } from 'react';
import { useLiveQuery } from '../../data/live-query';
import type { ReplicaDb } from '../../data/db';
import { useClientSearch } from '../../data/client-search/use-client-search';
import { useWorkerAnswer } from '../../data/client-search/use-worker-answer';
import { useClientNames } from '../../data/read-hooks';
import { dayKey } from './dashboard.figures';
import {
  callFigures,
  clientFigures,
  followUpFigures,
  lastContactsOf,
  propertyFigures,
  recentActivity,
  recentContacts,
} from './dashboard.queries';

/**
 * Every figure and list of the dashboard, live: index reads for the client counts, follow-ups, calls and
 * interactions; the search worker's client index for birthdays and the contact list; the names of the
 * clients the cards list, read one by one. Each part is undefined until its first read has finished.
 */
export function useDashboardData(db: ReplicaDb, now: Date) {
  const day = dayKey(now);
  const minute = Math.floor(now.getTime() / 60_000);

  // `now` changes every minute; the reads keyed by `day` only need the day.
  const clients = useLiveQuery(() => clientFigures(db, now), [db, day]);
  // The worker's index reads every client (its IndexedDB reads share the disk with the cards'): it
  // starts once the stat cards have their client figures.
  const { search } = useClientSearch(clients ? db : null);
  const followUps = useLiveQuery(() => followUpFigures(db, now), [db, minute]);
  const calls = useLiveQuery(() => callFigures(db, now), [db, day]);
  const properties = useLiveQuery(() => propertyFigures(db, now), [db, day]);
  const activity = useLiveQuery(() => recentActivity(db), [db]);
  const contacts = useLiveQuery(() => recentContacts(db, now), [db, day]);

  // Asked again per index change and per day (birthdays) or minute (contacts); the last answer wins, and a
  // figure keeps its previous value while the next one is computed.
  const birthdays = useWorkerAnswer(search, (s) => s.birthdays(now), [day]);
  const contactList = useWorkerAnswer(search, (s) => (contacts ? s.contactOverview(contacts, now) : null), [
    contacts,
    minute,
  ]);
  const toContactIds = contactList?.toContact.map((c) => c.id).join(',') ?? '';
  const olderContacts = useLiveQuery(
    () => lastContactsOf(db, toContactIds ? toContactIds.split(',') : []),
    [db, toContactIds],
  );

  // The names of the clients the follow-ups and activity cards list: a few rows, no index.
  const clientName = useClientNames(db, [
    ...(followUps?.today.map((f) => f.clientId) ?? []),
    ...(activity?.flatMap((a) => (a.clientId ? [a.clientId] : [])) ?? []),
  ]);

  // The same object until a part changes: the dashboard's cards render again only then (issue 19).
  return useMemo(
    () => ({
      clientName,
      clients,
      birthdays,
      followUps,
      calls,
      properties,
      activity,
      contactList,
      olderContacts,
    }),
    [clientName, clients, birthdays, followUps, calls, properties, activity, contactList, olderContacts],
  );
}

export type DashboardData = ReturnType<typeof useDashboardData>;
