import type { CurrentUser } from '@casa/shared-schema';
import { ErrorCode } from '@casa/shared-schema/values';
import { clearMaintenance } from '../../lib/maintenance-store';
import { api, ApiError, logoutAsSuspended, type ApiClient } from '../../lib/api';
import { allowPrecache } from '../../lib/precache-gate';
import { maybeSignedIn } from '../../lib/signed-in-hint';

/** docs/product.md#accounts: the me call is repeated every 30 s, also in the background, without retries. */
export const CURRENT_USER_POLL_MS = 30_000;

/** `undefined` before the first answer, `null` when logged out. */
export type SessionUser = CurrentUser | null | undefined;

/** A user that must not keep a session (docs/product.md#accounts). */
export function mustBeSignedOut(user: Pick<CurrentUser, 'status'> | null | undefined): boolean {
  return user?.status === 'suspended' || user?.status === 'inactive';
}

/**
 * `null` when logged out: a 401 or any error answer (docs/product.md#accounts). `'unreachable'` when the request never got
 * an answer (offline): the caller keeps what it knew, so a signed-in agent is not thrown out in a dead zone.
 */
export async function fetchCurrentUser(client: ApiClient = api): Promise<CurrentUser | null | 'unreachable'> {
  const answer = await askCurrentUser(client);
  // A visitor, or no answer: no first sync to make room for (lib/precache-gate.ts).
  if (answer === null || answer === 'unreachable') allowPrecache();
  return answer;
}

async function askCurrentUser(client: ApiClient): Promise<CurrentUser | null | 'unreachable'> {
  try {
    return await client.request<CurrentUser>('/api/auth/me', { nullOn401: true });
  } catch (error) {
    // Maintenance mode: the session still stands; the maintenance page shows until the server lets us in.
    if (error instanceof ApiError && error.code === ErrorCode.MAINTENANCE) return 'unreachable';
    if (error instanceof ApiError) return null;
    console.warn('GET /api/auth/me got no answer', error);
    return 'unreachable';
  }
}

export { CACHED_USER_KEY, localUserCache, noUserCache, type UserCache } from '../../lib/user-cache';
import { noUserCache, type UserCache } from '../../lib/user-cache';

export type SessionStoreDeps = {
  client?: ApiClient;
  pollMs?: number;
  /** Suspended or inactive user: log out and leave (defaults to /login?suspended=true, docs/product.md#accounts). */
  signOutSuspended?: () => Promise<void>;
  /** Where the last known user is kept between visits (default: none; the app passes localStorage). */
  cache?: UserCache;
  /** The server's signed-in hint (default: the browser's cookie, lib/signed-in-hint.ts). */
  maybeSignedIn?: () => boolean;
};

/** Holds the current user and polls GET /api/auth/me while started; React reads it via useSyncExternalStore. */
export function createSessionStore(deps: SessionStoreDeps = {}) {
  const client = deps.client ?? api;
  const pollMs = deps.pollMs ?? CURRENT_USER_POLL_MS;
  const signOutSuspended = deps.signOutSuspended ?? logoutAsSuspended;
  const cache = deps.cache ?? noUserCache;
  const hinted = deps.maybeSignedIn ?? maybeSignedIn;
  const listeners = new Set<() => void>();
  // A visitor (no user cached, no signed-in hint) is asked nothing: the me call would be a 401.
  const visitor = () => cache.read() === null && !hinted();
  // A device that was signed in opens with that user at once (the signed-in frame and the replica's rows on
  // the first paint, no wait for the me call); the first answer then confirms, updates or signs out.
  let user: SessionUser = cache.read() ?? (visitor() ? null : undefined);
  let generation = 0;
  let timer: ReturnType<typeof setInterval> | undefined;

  const set = (next: SessionUser) => {
    // An answer that says what the device already shows (every reload's me call for the cached user, every
    // poll) keeps the same object and notifies no one: each notification re-rendered the whole signed-in
    // frame and screen in one task (issue 19; docs/decisions.md).
    if (next === user || (next && user && JSON.stringify(next) === JSON.stringify(user))) return;
    user = next;
    for (const listener of listeners) listener();
  };

  async function refresh(): Promise<void> {
    const mine = ++generation;
    if (visitor()) {
      allowPrecache(); // no first sync to make room for (lib/precache-gate.ts)
      return set(null);
    }
    const next = await fetchCurrentUser(client);
    // A slower, older answer must not overwrite a newer one (or a local clear()).
    if (mine !== generation) return;
    // No answer: keep who we knew, or who this device last saw signed in (offline start).
    if (next === 'unreachable') return set(user ?? cache.read());
    if (mustBeSignedOut(next)) {
      cache.write(null);
      await signOutSuspended();
      return set(null);
    }
    if (next) clearMaintenance();
    cache.write(next);
    set(next);
  }

  return {
    getSnapshot: (): SessionUser => user,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
    /** Forgets the user locally, e.g. right after logout. */
    clear(): void {
      generation++;
      cache.write(null);
      set(null);
    },
    start(): void {
      if (timer !== undefined) return;
      void refresh();
      timer = setInterval(() => void refresh(), pollMs);
    },
    stop(): void {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
