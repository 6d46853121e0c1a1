// The first pull page of a device that has no replica yet, asked at start-up beside the session check
// (issue 19). Kept tiny on purpose: it is part of the entry chunk (main.tsx calls it),
// the sync engine and its checks come later with the sync client chunk, which takes the answer
// (early-first-page.ts) instead of asking for the same page again.
import { maybeSignedIn } from '../lib/signed-in-hint';
import { REPLICA_DB_PREFIX } from './sync-constants';

/**
 * Rows of the early page: fewer than the engine's pages (sync-constants.ts), so the server answers it (and
 * the session check beside it) sooner, and the first cards show sooner; the engine goes on from its cursor
 * with its own page size.
 */
export const EARLY_PULL_ROWS = 500;

/** Pages nobody took by then (a visitor, the super admin) are dropped: 1–2 MB not held for nothing. */
const FORGET_AFTER_MS = 60_000;

/** Screens where no replica's first pull is due (sign-in, sign-up, the super admin's, who keeps no replica). */
const PUBLIC_PATHS = /^\/(login|register|saas-admin)(\/|$)/;

type EarlyEnv = {
  online: boolean;
  /** The server's signed-in hint (lib/signed-in-hint.ts): without it a visitor's pull would be a 401. */
  maybeSignedIn: boolean;
  path: string;
  /** The names of the origin's IndexedDB databases; undefined where the browser cannot list them. */
  databases: () => Promise<string[] | undefined>;
  fetch: typeof fetch;
  setTimeout: (fn: () => void, ms: number) => unknown;
  /**
   * Someone is signed in (the answer's status came): the sync client chunk is fetched now, while the page
   * downloads and parses, and the first sync starts with the page once both are in hand.
   */
  signedIn: (page: Promise<unknown>) => void;
};

function browserEnv(): EarlyEnv | null {
  if (typeof window === 'undefined' || typeof indexedDB === 'undefined') return null;
  return {
    online: navigator.onLine,
    maybeSignedIn: maybeSignedIn(),
    path: location.pathname,
    databases: async () =>
      typeof indexedDB.databases === 'function'
        ? (await indexedDB.databases()).flatMap((d) => (d.name ? [d.name] : []))
        : undefined,
    fetch: (input, init) => fetch(input, init),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    signedIn: (page) =>
      void Promise.all([import('./sync-client'), page]).then(
        ([{ startEarlySyncClient }, body]) => startEarlySyncClient(body),
        () => undefined,
      ),
  };
}

/** The early answer's body (unchecked JSON), or null: nothing asked, not signed in, or a failure. */
let early: Promise<unknown> | null = null;

/**
 * Asks for the first pull page now, when this device holds no replica at all (a first visit, or after a
 * logout cleared it): the sync engine would otherwise ask for it only once the session check, the
 * signed-in frame and the sync client chunk have come (1.5 s on a quiet desktop). An answer starts the
 * sync client of the user it names (sync-client.ts startEarlySyncClient), which takes it as its first
 * page; the frame adopts that client. With any replica present nothing is asked (its engine pulls from its
 * own cursor). A visitor's answer is a 401, dropped; whose page it is, is checked when it is taken (its
 * cursor names the organization and user).
 */
export function askFirstPullEarly(env: EarlyEnv | null = browserEnv()): void {
  if (!env || early || !env.online || !env.maybeSignedIn || PUBLIC_PATHS.test(env.path)) return;
  const answer = (async () => {
    const names = await env.databases();
    if (!names || names.some((name) => name.startsWith(REPLICA_DB_PREFIX))) return null;
    globalThis.performance?.mark?.('casa:pull-early');
    const res = await env.fetch(`/api/sync/pull?limit=${EARLY_PULL_ROWS}`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (!res.ok) {
      // Read all the same: an unread answer stays open in the network log (api.ts, nullOn401).
      await res.text().catch(() => undefined);
      return null;
    }
    const page = res.json() as Promise<unknown>;
    env.signedIn(page);
    return await page;
  })().catch(() => null);
  early = answer;
  env.setTimeout(() => {
    if (early === answer) early = null;
  }, FORGET_AFTER_MS);
}

/** The early answer, once (later calls answer null); null when none was asked or it was dropped. */
export function takeEarlyPull(): Promise<unknown> | null {
  const answer = early;
  early = null;
  return answer;
}
