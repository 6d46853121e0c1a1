import { useCallback, useEffect, useState } from 'react';
import type { NotificationListResponse } from '@casa/shared-schema';
import { fetchNotifications, markAllNotificationsRead, markNotificationRead } from './notifications.api';

/** Spec 1 §9: notifications are re-fetched every 30 s. */
export const NOTIFICATIONS_POLL_MS = 30_000;

// Every mounted feed refetches after a mark, so the bell and the page stay in step (spec 1 §4).
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
 * The notification list of GET /api/notifications. This hook is the one seam the local replica will
 * replace: components only see `NotificationFeed`.
 */
export function useNotificationFeed(limit: number, unreadOnly = false): NotificationFeed {
  const [data, setData] = useState<NotificationListResponse | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
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
    void load();
    const timer = setInterval(() => void load(), NOTIFICATIONS_POLL_MS);
    changed.addEventListener('changed', load);
    return () => {
      alive = false;
      clearInterval(timer);
      changed.removeEventListener('changed', load);
    };
  }, [limit, unreadOnly]);

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
