import type { PushPayload } from '@casa/shared-schema';

const FALLBACK_TITLE = 'Casa CRM';

// A hand check rather than the zod schema: the worker stays a few KB instead of carrying zod.
function isPushPayload(value: unknown): value is PushPayload {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.type === 'string' &&
    typeof v.title === 'string' &&
    (v.body === null || typeof v.body === 'string') &&
    (v.data === null || (typeof v.data === 'object' && !Array.isArray(v.data)))
  );
}

/** Notification title and options from a push message's text (JSON payload of the server). */
export function pushTitleAndOptions(text: string | null): { title: string; options: NotificationOptions } {
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!isPushPayload(parsed)) {
    return { title: FALLBACK_TITLE, options: { body: text ?? undefined, icon: '/icons/icon-192.png' } };
  }
  const { id, type, title, body, data } = parsed;
  return {
    title,
    options: {
      body: body ?? undefined,
      tag: id,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { ...data, id, type },
    },
  };
}

/** Where a click on a notification leads: its own url, a follow-up, a client, else the list. */
export function notificationTarget(data: unknown): string {
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  if (typeof d.url === 'string' && d.url.startsWith('/')) return d.url;
  if (typeof d.followUpId === 'string') return `/followup/${encodeURIComponent(d.followUpId)}`;
  if (typeof d.clientId === 'string') return `/clients?view=${encodeURIComponent(d.clientId)}`;
  return '/notifications';
}
