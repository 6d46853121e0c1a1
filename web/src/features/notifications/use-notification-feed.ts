import { useCallback, useEffect, useState } from 'react';
import type { Notification, NotificationListResponse } from '@casa/shared-schema';
import { unreadNotificationCount } from '../../data/queries';
import { useLiveAnswer } from '../../data/use-live-answer';
import { RowKeeper } from '../../lib/row-keeper';
import { useCollectionArrived, useEngineState } from '../../data/sync-state';
import { useReplicaExpected, useSyncClient } from '../../data/sync-provider';
import type { SyncClient } from '../../data/sync-client';
import { fetchNotifications, markAllNotificationsRead, markNotificationRead } from './notifications.api';

/** docs/product.md#notifications: notifications are re-fetched every 30 s. */
export const NOTIFICATIONS_POLL_MS = 30_000;

// Every mounted feed refetches after a mark, so the bell and the page stay in step (docs/product.md#notifications).
const changed = new EventTarget();
const announceChange = () => changed.dispatchEvent(new Event('changed'));

export type NotificationFeed = {
  data: NotificationListResponse | null;
  loading: boolean;
  error: Error | null;
  markRead: (id: string) => Promise<void>;
  markAllRead: () => Promise<void>;
};

/**
 * The notifications of the signed-in user: from the local replica when one is open (so they show and
 * can be marked read offline; the marks sync later), else from GET /api/notifications (super admin).
 * A member's feed waits for the replica while it opens: no request a reload would throw away (issue 19).
 * Components only see `NotificationFeed`.
 */
export function useNotificationFeed(limit: number, unreadOnly = false): NotificationFeed {
  const client = useSyncClient();
  const replicaExpected = useReplicaExpected();
  const local = useReplicaFeed(client, limit, unreadOnly);
  const remote = useServerFeed(limit, unreadOnly, client === null && !replicaExpected);
  return client ? local : remote;
}

type ReplicaFeedClient = Pick<SyncClient, 'db' | 'mutate' | 'state'>;

/** The replica's side of the feed (exported for its test); the rows of one answer equal to the last one's keep their objects. */
export function useReplicaFeed(
  client: ReplicaFeedClient | null,
  limit: number,
  unreadOnly: boolean,
): NotificationFeed {
  // Each live answer reads new objects; kept, the memoized rows (NotificationRow) of unchanged notifications
  // do not render again when one arrives or is marked read (issue 19).
  const [keeper] = useState(() => new RowKeeper<Notification>());
  const data = useLiveAnswer(async (): Promise<NotificationListResponse | null> => {
    if (!client) return null;
    const newestFirst = client.db.notifications.orderBy('createdAt').reverse();
    const notifications = await (unreadOnly ? newestFirst.filter((n) => !n.read) : newestFirst)
      .limit(limit)
      .toArray();
    return {
      notifications: keeper.keep(notifications),
      unreadCount: await unreadNotificationCount(client.db),
    };
  }, [client, limit, unreadOnly, keeper]);
  const sync = useEngineState(client);
  // Before a first sync has brought them all, an empty list is not "no notifications" yet, and a partial one
  // would have older rows sorted in above the ones shown (collectionArrived, data/sync-state.ts).
  const arrived = useCollectionArrived(client, 'notifications');
  const markRead = useCallback(
    async (id: string) => void (await client?.mutate.markNotificationRead({ id })),
    [client],
  );
  const markAllRead = useCallback(
    async () => void (await client?.mutate.markAllNotificationsRead({})),
    [client],
  );
  return {
    data: data ?? null,
    loading: data === undefined || !arrived,
    error: sync.error ? new Error(sync.error) : null,
    markRead,
    markAllRead,
  };
}

function useServerFeed(limit: number, unreadOnly: boolean, enabled: boolean): NotificationFeed {
  const [data, setData] = useState<NotificationListResponse | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    const load = () =>
      fetchNotifications(limit, unreadOnly).then(
        (answer) => {
          if (!alive) return;
          setData(answer);
          setError(null);
          setLoading(false);
        },
        (failure: Error) => {
          if (!alive) return;
          // Keep the last list on screen (offline, flaky network); only the error changes.
          setError(failure);
          setLoading(false);
        },
      );
    const reload = () => void load(); // load settles both ways: nothing to await
    reload();
    const timer = setInterval(reload, NOTIFICATIONS_POLL_MS);
    changed.addEventListener('changed', reload);
    return () => {
      alive = false;
      clearInterval(timer);
      changed.removeEventListener('changed', reload);
    };
  }, [limit, unreadOnly, enabled]);

  const markRead = useCallback(async (id: string) => {
    await markNotificationRead(id);
    announceChange();
  }, []);
  const markAllRead = useCallback(async () => {
    await markAllNotificationsRead();
    announceChange();
  }, []);

  return { data, loading, error, markRead, markAllRead };
}
