export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 60_000;

/** Exponential backoff with up to 20% jitter: 1 s, 2 s, 4 s … capped at 60 s. */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const exp = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.min(BACKOFF_CAP_MS, Math.round(exp * (1 + 0.2 * random())));
}
