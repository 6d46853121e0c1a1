import { useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { clientIndexOf, type ClientIndexSnapshot } from './client-index';
import type { ClientType } from '@casa/shared-schema';
import {
  clientsByType,
  clientWithTags,
  notificationsList,
  overdueFollowUps,
  todayFollowUps,
  unreadNotificationCount,
} from './queries';
import type { ReplicaDb } from './db';

/** Live reads for the screens: they re-render when any tab (or the sync loop) changes the rows. */
export const useClients = (
  db: ReplicaDb,
  type: ClientType | null,
  page: { offset?: number; limit?: number } = {},
) => useLiveQuery(() => clientsByType(db, type, page), [db, type, page.offset, page.limit]);

export const useClient = (db: ReplicaDb, id: string) => useLiveQuery(() => clientWithTags(db, id), [db, id]);

export const useTodayFollowUps = (db: ReplicaDb, now?: Date) =>
  useLiveQuery(() => todayFollowUps(db, now), [db, now?.getTime()]);

export const useOverdueFollowUps = (db: ReplicaDb, now?: Date) =>
  useLiveQuery(() => overdueFollowUps(db, now), [db, now?.getTime()]);

export const useNotifications = (db: ReplicaDb, limit: number) =>
  useLiveQuery(() => notificationsList(db, limit), [db, limit]);

export const useUnreadNotificationCount = (db: ReplicaDb) =>
  useLiveQuery(() => unreadNotificationCount(db), [db]);

const EMPTY_INDEX: ClientIndexSnapshot = {
  ready: false,
  entries: [],
  byId: new Map(),
  version: 0,
  first: null,
};
const noSubscription = () => () => {};

/**
 * Every client of the replica, normalised for search and filters (see client-index.ts). `firstPage`: a
 * screen that can show the first clients before the whole index is built (its `first`).
 */
export function useClientIndex(db: ReplicaDb | null | undefined, firstPage = 0): ClientIndexSnapshot {
  const index = db ? clientIndexOf(db, firstPage) : null;
  return useSyncExternalStore(index?.subscribe ?? noSubscription, index?.getSnapshot ?? (() => EMPTY_INDEX));
}
