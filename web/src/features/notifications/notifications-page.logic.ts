import type { Notification, NotificationType } from '@casa/shared-schema';
import {
  errorMessages,
  NOTIFICATION_FULL_PAGE_SIZE,
  NOTIFICATION_TYPE_LABELS,
} from '@casa/shared-schema/values';

export type NotificationTab = 'all' | 'unread';
export type TypeFilter = 'all' | NotificationType;

/** The full page asks for 50 and grows by 50 (docs/product.md#notifications). */
export const FIRST_PAGE = NOTIFICATION_FULL_PAGE_SIZE;
export const PAGE_STEP = NOTIFICATION_FULL_PAGE_SIZE;

export function filterByType(items: readonly Notification[], type: TypeFilter): Notification[] {
  return type === 'all' ? [...items] : items.filter((item) => item.type === type);
}

/** 'Carregar mais notificações' shows when the answer filled the requested limit. */
export function canLoadMore(received: number, limit: number): boolean {
  return received >= limit;
}

/** The empty text: unread tab first, then a type filter, else the plain one (docs/product.md#notifications). */
export function emptyText(tab: NotificationTab, type: TypeFilter): string {
  if (tab === 'unread') return errorMessages.noUnreadNotifications;
  if (type !== 'all') return errorMessages.noNotificationsOfType(NOTIFICATION_TYPE_LABELS[type]);
  return errorMessages.noNotifications;
}
