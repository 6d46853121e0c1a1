import { liveQuery, type Subscription } from 'dexie';
import type { PullQuery } from '@casa/shared-schema';
import { ErrorCode, errorMessages } from '@casa/shared-schema/values';
import { beginBulkSync } from './bulk-sync';
import { threadPageWriter, type PageWriter, type PulledPage } from './page-writer';
import { loadMutationEffects, MutationEffectsLoading } from './mutation-effects';
import { pushOutbox } from './push';
import { backoffDelay } from './backoff';
import { LivePokes, type EventSourceLike } from './live-pokes';
import { getMeta } from './meta';
import { SYNC_PULL_PAGE_ROWS } from './sync-constants';
import { ensureClientId, purgeReplica, requestPersistentStorage } from './replica';
import { isConnectionClosing, withReopen } from './reopen';
import { SyncStateStore } from './sync-state';
import { SyncHttpError, type SyncTransport } from './transport';
import type { ReplicaDb } from './db';
import type { ReplicaSession } from './session';

export const SYNC_DEBOUNCE_MS = 500;

/**
 * After a failed push, may this cycle still pull? Yes, unless the failure concerns the whole session
 * (401, a suspended or removed account: fail() handles those) or the local database itself (withReopen).
 */
function pullGoesOnAfter(err: unknown): boolean {
  if (isConnectionClosing(err)) return false;
  return !(err instanceof SyncHttpError && (err.status === 401 || err.status === 403));
}
export const SYNC_INTERVAL_MS = 30_000;
// Rows per pull page (sync-constants.ts): the early first pull asks for the same first page (early-pull.ts).
export { SYNC_PULL_PAGE_ROWS } from './sync-constants';
export const SYNC_LOCK_NAME = 'casa-sync';

/** User Timing of the pull ('casa:pull-wait', 'casa:pull-apply'): the benches split a first sync with them. */
function measureSince(name: string, start: number): void {
  if (typeof performance !== 'undefined' && typeof performance.measure === 'function') {
    performance.measure(name, { start, end: performance.now() });
  }
}

/** The pull's User Timing names (marks and measures; pull-check.ts, early-pull.ts and page-writer.ts add theirs). */
const PULL_TIMINGS = [
  'casa:pull-start',
  'casa:pull-early',
  'casa:pull-wait',
  'casa:pull-check',
  'casa:pull-apply',
  'casa:pull-worker',
  'casa:pull-fetch',
];

/**
 * Drops the pull's User Timing entries at the end of each cycle: a pull every 30 s for a working day
 * would otherwise keep thousands in the page's performance timeline. The benches read them through a
 * PerformanceObserver, which has them as they are made.
 */
function clearPullTimings(): void {
  if (typeof performance === 'undefined') return;
  for (const name of PULL_TIMINGS) {
    performance.clearMarks?.(name);
    performance.clearMeasures?.(name);
  }
}

type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (id: unknown) => void;
};

type LockManagerLike = { request(name: string, fn: () => Promise<unknown>): Promise<unknown> };

/** The browser around the engine; tests pass their own. */
export type SyncEnvironment = {
  isOnline(): boolean;
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  document?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  locks?: LockManagerLike;
  storage?: { persist?: () => Promise<boolean> };
  timers: Timers;
  /** Opens the server's live stream (EventSource); absent: no live pokes, the 30 s poll only. */
  eventSource?: (url: string) => EventSourceLike;
};

export function browserEnvironment(): SyncEnvironment {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    isOnline: () => nav?.onLine ?? true,
    window: typeof window === 'undefined' ? undefined : window,
    document: typeof document === 'undefined' ? undefined : document,
    locks: nav && 'locks' in nav ? (nav.locks as LockManagerLike) : undefined,
    storage: nav?.storage,
    eventSource:
      typeof EventSource === 'undefined'
        ? undefined
        : (url) => new EventSource(url) as unknown as EventSourceLike,
    timers: {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
      setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
      clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>),
    },
  };
}

export type SyncEngineOptions = {
  db: ReplicaDb;
  transport: SyncTransport;
  session: () => ReplicaSession;
  state?: SyncStateStore;
  env?: SyncEnvironment;
  pullLimit?: number;
  /** The replica was purged (suspended or removed user): the app signs out. */
  onPurged?: (message: string) => void;
  /** Where pulled pages are written (page-writer.ts): this thread unless given. */
  writer?: PageWriter;
};

/**
 * The sync loop: push the outbox, then pull until no page is left. Runs on start, on `online`, when
 * the tab becomes visible, after local writes (debounced), at each live poke from the server (a change
 * elsewhere; live-pokes.ts) and every 30 s; failures back off exponentially up to 60 s. Only the tab
 * holding the 'casa-sync' Web Lock runs it (and holds the live stream).
 */
export class SyncEngine {
  readonly state: SyncStateStore;
  private readonly env: SyncEnvironment;
  private running: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  /** The shown error came from a request that never reached the server (not an HTTP answer). */
  private networkFailure = false;
  private halted = false;
  private stopped = true;
  /** How many times stop() ran: a cycle begun before a stop applies no further page. */
  private stops = 0;
  /** This tab holds the lock and runs the loop. */
  private leading = false;
  private retryTimer: unknown = null;
  private debounceTimer: unknown = null;
  private interval: unknown = null;
  private outboxWatch: Subscription | null = null;
  private releaseLock: (() => void) | null = null;
  private live: LivePokes | null = null;
  private readonly cleanups: (() => void)[] = [];
  private readonly writer: PageWriter;

  constructor(private readonly opts: SyncEngineOptions) {
    this.state = opts.state ?? new SyncStateStore();
    this.env = opts.env ?? browserEnvironment();
    this.writer = opts.writer ?? threadPageWriter(opts.db);
  }

  /** Starts the loop in this tab once it holds the lock (at once where Web Locks are missing). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.watchReplica();
    if (!this.env.locks) {
      this.begin();
      return;
    }
    void this.env.locks.request(SYNC_LOCK_NAME, () => {
      if (this.stopped) return Promise.resolve();
      this.begin();
      return new Promise<void>((resolve) => (this.releaseLock = resolve));
    });
  }

  /**
   * Starts when `schedule` calls back (e.g. once the first screen has painted), unless the engine was
   * stopped in the meantime: a replica closed or cleared before then is never synced.
   */
  startLater(schedule: (start: () => void) => void): void {
    const { stops } = this;
    schedule(() => {
      if (this.stops === stops) this.start();
    });
  }

  stop(): void {
    this.stopped = true;
    this.stops += 1;
    this.leading = false;
    const { timers } = this.env;
    timers.clearTimeout(this.retryTimer);
    timers.clearTimeout(this.debounceTimer);
    if (this.interval !== null) timers.clearInterval(this.interval);
    this.interval = null;
    this.outboxWatch?.unsubscribe();
    this.outboxWatch = null;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    // The lock goes once the running cycle ends, so the next engine never pulls beside this one; the page
    // writer's worker too (a start after this one opens another).
    const release = this.releaseLock;
    this.releaseLock = null;
    const { stops } = this;
    void this.idle().then(() => {
      release?.();
      if (this.stops === stops && this.stopped) this.writer.close();
    });
  }

  private begin(): void {
    const { env } = this;
    this.leading = true;
    const on = <
      T extends {
        addEventListener: (t: string, f: () => void) => void;
        removeEventListener: (t: string, f: () => void) => void;
      },
    >(
      target: T | undefined,
      type: string,
      fn: () => void,
    ) => {
      if (!target) return;
      target.addEventListener(type, fn);
      this.cleanups.push(() => target.removeEventListener(type, fn));
    };
    this.live = env.eventSource
      ? new LivePokes({
          open: env.eventSource,
          timers: env.timers,
          onPoke: () => void this.syncNow(),
          onLive: (live) => this.state.set({ live }),
        })
      : null;
    const live = this.live;
    if (live) this.cleanups.push(() => live.disconnect());
    if (env.isOnline()) live?.connect();
    on(env.window, 'online', () => {
      this.state.set({ online: true });
      this.failures = 0;
      live?.connect();
      void this.syncNow();
    });
    // A request cut by the connection going away fails a moment before navigator.onLine turns false: once
    // the device knows it is offline, that failure is just "offline", not an error to show.
    on(env.window, 'offline', () => {
      live?.disconnect();
      this.state.set(this.networkFailure ? { online: false, error: null } : { online: false });
    });
    on(env.document, 'visibilitychange', () => {
      if (env.document?.visibilityState === 'visible') void this.syncNow();
    });
    this.interval = env.timers.setInterval(() => {
      if (env.isOnline()) void this.syncNow();
    }, SYNC_INTERVAL_MS);
    void requestPersistentStorage(this.opts.db, env.storage);
    void this.syncNow();
  }

  /**
   * Every tab shows the replica's pending count, rejected list and last sync time; writes made in
   * other tabs land in the same outbox and trigger the leader's debounced sync.
   */
  private watchReplica(): void {
    const { db } = this.opts;
    let lastCount = -1;
    this.outboxWatch = liveQuery(async () => ({
      pending: await db.outbox.count(),
      rejected: await db.rejected.orderBy('mutationId').toArray(),
      lastSyncedAt: (await getMeta<string>(db, 'lastSyncedAt')) ?? null,
    })).subscribe({
      next: (seen) => {
        if (seen.pending > lastCount && lastCount !== -1 && this.leading) this.notifyLocalWrite();
        lastCount = seen.pending;
        this.state.set(seen);
      },
      error: () => undefined,
    });
  }

  /** A local write was queued: sync after SYNC_DEBOUNCE_MS without further writes. */
  notifyLocalWrite(): void {
    void this.refresh();
    // Another tab leads: it sees this write through its outbox watch.
    if (!this.leading) return;
    this.env.timers.clearTimeout(this.debounceTimer);
    this.debounceTimer = this.env.timers.setTimeout(() => void this.syncNow(), SYNC_DEBOUNCE_MS);
  }

  /** After a new login (the 401 case): continue with the same outbox. */
  resumeAfterLogin(): Promise<void> {
    this.state.set({ needsLogin: false, error: null });
    this.failures = 0;
    if (this.leading && this.env.isOnline()) this.live?.connect();
    return this.syncNow();
  }

  /** Removes a rejected mutation from the list the user sees. */
  async dismissRejected(mutationId: number): Promise<void> {
    await this.opts.db.rejected.delete(mutationId);
    await this.refresh();
  }

  /** Resolves once no cycle is running (tests, logout). */
  async idle(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
  }

  /** One push+pull cycle; concurrent calls join it (and one more cycle follows). */
  syncNow(): Promise<void> {
    if (this.halted || this.state.get().needsLogin) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.cycle();
        } while (this.again && !this.halted);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async cycle(): Promise<void> {
    const { db, transport } = this.opts;
    const { stops } = this;
    this.env.timers.clearTimeout(this.retryTimer);
    // navigator.onLine false is reliable (true is not): wait for the 'online' event.
    if (!this.env.isOnline()) {
      this.state.set({ online: false });
      await this.refresh();
      return;
    }
    this.state.set({ syncing: true, online: true });
    // A push that fails (a server fault, a gap) never stops the pull: the device keeps receiving, shows
    // the failure and retries the push with backoff.
    let pushFailure: unknown = null;
    try {
      await withReopen(db, async () => {
        pushFailure = null;
        const clientId = await ensureClientId(db);
        try {
          await pushOutbox(db, this.opts.session(), transport, clientId);
        } catch (err) {
          if (!pullGoesOnAfter(err)) throw err;
          pushFailure = err;
        }
        await this.refresh();
        await this.pullAll(stops);
      });
      const lastSyncedAt = (await getMeta<string>(db, 'lastSyncedAt')) ?? null;
      if (pushFailure) {
        this.state.set({ lastSyncedAt });
        await this.fail(pushFailure, true);
        return;
      }
      this.failures = 0;
      this.networkFailure = false;
      this.state.set({ error: null, online: true, lastSyncedAt });
    } catch (err) {
      await this.fail(err);
    } finally {
      this.state.set({ syncing: false });
      await this.refresh().catch(() => undefined);
    }
  }

  /**
   * Pulls until no page is left. The next page is requested as soon as a page arrives, so the server
   * and the network work while this page is written (its cursor is stored only with the page it
   * belongs to). A pull of several pages marks the replica as bulk-syncing (bulk-sync.ts).
   */
  private async pullAll(stops: number): Promise<void> {
    const { db, transport } = this.opts;
    const limit = this.opts.pullLimit ?? SYNC_PULL_PAGE_ROWS;
    const ahead = (query: Partial<PullQuery>): Promise<PulledPage> => {
      const request = this.writer.pull(transport, query);
      request.catch(() => undefined); // awaited below, or dropped when the cycle ends early
      return request;
    };
    if (typeof performance !== 'undefined') performance.mark?.('casa:pull-start');
    let request = ahead({ cursor: await getMeta<string>(db, 'cursor'), limit });
    /** The page asked ahead and not yet taken: dropped should the cycle end first (its rows may be held). */
    let unread: Promise<PulledPage> | null = request;
    let endBulk: (() => void) | null = null;
    try {
      for (;;) {
        const waited = performance.now();
        const page = await request;
        unread = null;
        measureSince('casa:pull-wait', waited);
        // Stopped meanwhile (signed out, or replaced by a new engine): write nothing more.
        if (this.stops !== stops) {
          this.writer.drop(page);
          break;
        }
        if (page.hasMore) {
          endBulk ??= beginBulkSync(db);
          request = unread = ahead({ cursor: page.cursor, limit });
        } else {
          // Before the last page's write: what follows it refreshes at once.
          endBulk?.();
        }
        const applying = performance.now();
        const progress = await this.writer.apply(this.opts.session(), page);
        measureSince('casa:pull-apply', applying);
        this.state.set({ progress });
        if (!page.hasMore) break;
      }
    } finally {
      void unread?.then(
        (page) => this.writer.drop(page),
        () => undefined,
      );
      endBulk?.();
      if (this.state.get().progress) this.state.set({ progress: null });
      clearPullTimings();
    }
  }

  /** `pushOnly`: the pull of the same cycle went through, only the outbox could not be sent. */
  private async fail(err: unknown, pushOnly = false): Promise<void> {
    if (err instanceof MutationEffectsLoading) {
      // Not a failure: a write queued by another tab needs the effects this tab has not loaded yet. Sync
      // again once they are here; a load that fails (no connection) is retried like any network failure.
      await loadMutationEffects().then(
        () => !this.stopped && void this.syncNow(),
        (loadFailure: unknown) => this.fail(loadFailure, pushOnly),
      );
      return;
    }
    if (err instanceof SyncHttpError) {
      if (err.status === 401) {
        this.live?.disconnect(); // reopened by resumeAfterLogin()
        this.state.set({ needsLogin: true, error: err.message || errorMessages.notAuthenticated });
        return;
      }
      if (err.status === 403 && (err.code === ErrorCode.SUSPENDED || err.code === ErrorCode.FORBIDDEN)) {
        this.halted = true;
        this.live?.disconnect();
        await purgeReplica(this.opts.db);
        this.state.set({ error: err.message, pending: 0, rejected: [] });
        this.opts.onPurged?.(err.message);
        return;
      }
    }
    // Anything else (a 5xx, a 409 gap, the network) is retried with backoff; the pull goes on meanwhile.
    this.failures += 1;
    const online = this.env.isOnline();
    this.networkFailure = !(err instanceof SyncHttpError);
    const message = this.networkFailure
      ? errorMessages.serverUnreachable
      : (err as SyncHttpError).message || errorMessages.nonJsonServer;
    const error = !online && this.networkFailure ? null : message;
    this.state.set({ online, error: error && pushOnly ? errorMessages.syncPushFailed(error) : error });
    if (this.stopped) return;
    this.retryTimer = this.env.timers.setTimeout(() => void this.syncNow(), backoffDelay(this.failures));
  }

  /** Failures in a row since the last success (for the tests and the shell). */
  get consecutiveFailures(): number {
    return this.failures;
  }

  private async refresh(): Promise<void> {
    const { db } = this.opts;
    const [pending, rejected] = await Promise.all([
      db.outbox.count(),
      db.rejected.orderBy('mutationId').toArray(),
    ]);
    this.state.set({ pending, rejected });
  }
}
