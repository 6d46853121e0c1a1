/**
 * When the service worker may register and download its precache (about 140 files): not while a signed-in
 * visit without a synced replica starts up. The precache took the browser's six connections to the host,
 * and the session check, the app's chunks and the first pull queued behind it (issue 19: the first pull
 * was asked 2.5 s after the navigation; docs/decisions.md). The gate opens on the first of: the session
 * check answered a visitor or got no answer, a member without replica (super admin), a replica that has
 * finished a sync (this visit's or an earlier one), or PRECACHE_WAIT_MS.
 */
let release: () => void = () => undefined;
const released = new Promise<void>((resolve) => {
  release = resolve;
});

/** The longest the precache waits for a first sync (a slow one must not leave the app uninstalled). */
export const PRECACHE_WAIT_MS = 15_000;

/** Nothing the precache would slow down is under way any more (idempotent). */
export function allowPrecache(): void {
  release();
}

export function whenPrecacheAllowed(timeoutMs = PRECACHE_WAIT_MS): Promise<void> {
  return Promise.race([released, new Promise<void>((resolve) => setTimeout(resolve, timeoutMs))]);
}
