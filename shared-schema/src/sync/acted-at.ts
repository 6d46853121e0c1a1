/**
 * The moment the user acted on the device ("acted at"): every mutation carries it (the push envelope's
 * `actedAt`, a REST write's optional `Acted-At` header), and the server stores it where the domain has a
 * time of its own — a call's calledAt, a completion's completedAt, a new row's createdAt, a
 * notification's readAt — so work done offline keeps the hour and the day it happened. `updated_at`, the
 * change log and the audit keep the server's time.
 */

/** Header a REST client sends with a write made earlier (an offline queue of its own): an ISO instant. */
export const ACTED_AT_HEADER = 'acted-at';

/** Oldest act the server believes: older means a broken device clock (reset to 1970, a year off). */
export const ACTED_AT_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * The device's claim bounded against its clock: never later than the server's time (a clock ahead is
 * clamped to the arrival, so nothing is stored in the future), and the server's time when absent,
 * unreadable or older than ACTED_AT_MAX_AGE_MS. Answers an ISO instant in UTC.
 */
export function boundedActedAt(claimed: unknown, serverNow: string): string {
  const now = Date.parse(serverNow);
  if (typeof claimed !== 'string' || claimed.length > 40) return serverNow;
  const at = Date.parse(claimed);
  if (!Number.isFinite(at) || !/^\d{4}-\d{2}-\d{2}T/.test(claimed)) return serverNow;
  if (at >= now || at < now - ACTED_AT_MAX_AGE_MS) return serverNow;
  return new Date(at).toISOString();
}
