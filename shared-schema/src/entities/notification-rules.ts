// The notification feed's rules that need no schema, so no zod: the web app's start reads them through
// '@casa/shared-schema/values' (values.ts, docs/decisions.md); the index re-exports them too.

export const NOTIFICATION_DROPDOWN_SIZE = 10;

export const NOTIFICATION_FULL_PAGE_SIZE = 50;

/** Unread badge text: '99+' above 99. */
export function unreadBadgeText(count: number): string {
  return count > 99 ? '99+' : String(Math.max(0, Math.trunc(count) || 0));
}

/** Header text 'N não lida/lidas'. */
export function unreadCountText(count: number): string {
  return `${count} ${count === 1 ? 'não lida' : 'não lidas'}`;
}
