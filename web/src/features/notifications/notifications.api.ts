import type { NotificationListResponse } from '@casa/shared-schema';
import { errorMessages } from '@casa/shared-schema/values';
import { api, type ApiClient } from '../../lib/api';

/** docs/product.md#messages: the notification calls raise these fixed (English) messages; the cause stays attached. */
async function raising<T>(message: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (cause) {
    throw new Error(message, { cause });
  }
}

export function fetchNotifications(
  limit: number,
  unreadOnly = false,
  client: ApiClient = api,
): Promise<NotificationListResponse> {
  const query = `limit=${limit}${unreadOnly ? '&unread=true' : ''}`;
  return raising(errorMessages.fetchNotificationsFailed, () =>
    client.get<NotificationListResponse>(`/api/notifications?${query}`),
  );
}

export function markNotificationRead(id: string, client: ApiClient = api): Promise<unknown> {
  return raising(errorMessages.markAsReadFailed, () =>
    client.put(`/api/notifications/${encodeURIComponent(id)}/read`),
  );
}

export function markAllNotificationsRead(client: ApiClient = api): Promise<unknown> {
  return raising(errorMessages.markAllAsReadFailed, () => client.put('/api/notifications/read-all'));
}
