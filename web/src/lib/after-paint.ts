type IdleScheduler = {
  requestIdleCallback?: (run: () => void, options?: { timeout: number }) => unknown;
  setTimeout: (run: () => void, ms: number) => unknown;
};

/** The longest a deferred start waits for an idle moment (a busy page still starts syncing). */
export const AFTER_PAINT_MAX_MS = 1000;

/**
 * Runs `run` once the page is idle after its first paint (at most AFTER_PAINT_MAX_MS later): work that can
 * wait, such as the first sync request and its writes, must not delay the first screen of cached data.
 * Without requestIdleCallback (Safari) a short timeout stands in. Never requestAnimationFrame alone: a tab
 * opened in the background paints nothing and would never start.
 */
export function afterFirstPaint(run: () => void, scheduler: IdleScheduler = globalThis): void {
  if (typeof scheduler.requestIdleCallback === 'function')
    scheduler.requestIdleCallback(run, { timeout: AFTER_PAINT_MAX_MS });
  else scheduler.setTimeout(run, 200);
}
