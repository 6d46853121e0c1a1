import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { errorMessages } from '@casa/shared-schema';
import { ReplicaDb } from './db';
import { createMutators } from './mutators';
import {
  SYNC_DEBOUNCE_MS,
  SYNC_INTERVAL_MS,
  SYNC_LOCK_NAME,
  SyncEngine,
  type SyncEnvironment,
} from './sync-engine';
import { backoffDelay, BACKOFF_CAP_MS } from './backoff';
import { FakeSyncServer } from './testing/fake-sync-server';
import { FakeTransport } from './testing/fake-transport';
import { AGENT, buyer, clientRow, ORG } from './testing/fixtures';
import { SyncHttpError } from './transport';
import { MutationEffectsLoading } from './mutation-effects';
import { SyncStateStore } from './sync-state';
import { LIVE_PATH, type EventSourceLike } from './live-pokes';

/** Timers and events under the test's control. */
function fakeEnv() {
  let now = 0;
  const timers: { id: number; at: number; fn: () => void; every?: number }[] = [];
  let next = 1;
  const listeners = new Map<string, Set<() => void>>();
  const target = {
    addEventListener: (t: string, f: () => void) =>
      void (listeners.get(t) ?? listeners.set(t, new Set()).get(t)!).add(f),
    removeEventListener: (t: string, f: () => void) => void listeners.get(t)?.delete(f),
  };
  const doc = { ...target, visibilityState: 'visible' as DocumentVisibilityState };
  const env: SyncEnvironment & { online: boolean } = {
    online: true,
    isOnline: () => env.online,
    window: target as unknown as SyncEnvironment['window'],
    document: doc as unknown as SyncEnvironment['document'],
    timers: {
      setTimeout: (fn, ms) => (timers.push({ id: next, at: now + ms, fn }), next++),
      clearTimeout: (id) => void timers.splice(0, timers.length, ...timers.filter((t) => t.id !== id)),
      setInterval: (fn, ms) => (timers.push({ id: next, at: now + ms, fn, every: ms }), next++),
      clearInterval: (id) => void timers.splice(0, timers.length, ...timers.filter((t) => t.id !== id)),
    },
  };
  return {
    env,
    emit: (type: string) => listeners.get(type)?.forEach((f) => f()),
    /** Advances the clock, firing due timers in order. */
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        now = due.at;
        if (due.every) due.at += due.every;
        else timers.splice(timers.indexOf(due), 1);
        due.fn();
      }
      now = until;
    },
    pendingDelays: () => timers.filter((t) => !t.every).map((t) => t.at - now),
  };
}

/** Lets queued callbacks (liveQuery, lock grants) run, then waits for the running cycle. */
const flush = async (engine: SyncEngine) => {
  for (let i = 0; i < 3; i += 1) {
    await new Promise((r) => setTimeout(r, 10));
    await engine.idle();
  }
};

const dbs: ReplicaDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

async function setup() {
  const server = new FakeSyncServer(ORG);
  server.addMember(AGENT);
  const db = new ReplicaDb(`triggers-${crypto.randomUUID()}`);
  dbs.push(db);
  const transport = new FakeTransport(server, AGENT);
  const session = { userId: AGENT, organizationId: ORG, role: 'agent' as const };
  const clock = fakeEnv();
  const pushes = () => transport.calls.filter((c) => c.kind === 'push').length;
  const pulls = () => transport.calls.filter((c) => c.kind === 'pull').length;
  const engine = new SyncEngine({ db, transport, session: () => session, env: clock.env });
  const mutate = createMutators({ db, session: () => session, onQueued: () => engine.notifyLocalWrite() });
  return { server, db, transport, engine, mutate, clock, pushes, pulls };
}

describe('sync state', () => {
  it('notifies subscribers of changes only', () => {
    const store = new SyncStateStore();
    const seen: number[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.get().pending));
    store.set({ pending: 2 });
    store.set({ pending: 2 });
    store.set({ syncing: false });
    unsubscribe();
    store.set({ pending: 3 });
    expect(seen).toEqual([2]);
  });
});

describe('sync triggers', () => {
  it('syncs on start, after local writes (debounced), on online, on visibility and every 30 s', async () => {
    const t = await setup();
    t.engine.start();
    await flush(t.engine);
    expect(t.pulls()).toBe(1);

    await t.mutate.createClient(buyer('Ana'));
    await t.mutate.createClient(buyer('Rui'));
    await flush(t.engine); // the outbox watch (another tab's writes) also reports them
    t.clock.advance(SYNC_DEBOUNCE_MS - 1);
    await flush(t.engine);
    expect(t.pushes()).toBe(0);
    t.clock.advance(1);
    await flush(t.engine);
    expect(t.pushes()).toBe(1);
    expect(t.server.stateFor(AGENT).clients).toHaveLength(2);

    const before = t.pulls();
    t.clock.emit('online');
    await flush(t.engine);
    t.clock.emit('visibilitychange');
    await flush(t.engine);
    t.clock.advance(SYNC_INTERVAL_MS);
    await flush(t.engine);
    expect(t.pulls()).toBe(before + 3);

    t.engine.stop();
    t.clock.advance(SYNC_INTERVAL_MS * 3);
    t.clock.emit('online');
    await flush(t.engine);
    expect(t.pulls()).toBeGreaterThanOrEqual(before + 3);
  });

  it('a deferred start syncs only once scheduled, and never when the engine was stopped before', async () => {
    const t = await setup();
    let scheduled: (() => void) | undefined;
    t.engine.startLater((start) => (scheduled = start));
    await flush(t.engine);
    expect(t.pulls()).toBe(0);
    scheduled!();
    await flush(t.engine);
    expect(t.pulls()).toBe(1);

    const closed = await setup();
    closed.engine.startLater((start) => (scheduled = start));
    closed.engine.stop(); // the frame unmounted (or the replica was cleared) before the first paint
    scheduled!();
    await flush(closed.engine);
    expect(closed.pulls()).toBe(0);
    t.engine.stop();
  });

  it('backs off exponentially on failures, capped at 60 s', async () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, () => 0))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelay(30, () => 1)).toBe(BACKOFF_CAP_MS);
    const t = await setup();
    t.transport.offline = true;
    t.engine.start();
    await flush(t.engine);
    expect(t.engine.consecutiveFailures).toBeGreaterThan(0);
    const delays = t.clock.pendingDelays();
    expect(delays.length).toBe(1);
    expect(delays[0]).toBeGreaterThanOrEqual(1000);
    t.engine.stop();
  });

  it('a request cut by the connection going away reads "no connection", and "offline" once the device knows', async () => {
    const t = await setup();
    t.transport.offline = true; // the fetch fails before navigator.onLine turns false
    t.engine.start();
    await flush(t.engine);
    expect(t.engine.state.get()).toMatchObject({ online: true, error: errorMessages.serverUnreachable });

    t.clock.env.online = false;
    t.clock.emit('offline');
    expect(t.engine.state.get()).toMatchObject({ online: false, error: null });

    // A real server answer is still an error worth showing, offline event or not.
    t.transport.offline = false;
    t.clock.env.online = true;
    t.transport.pull = async () => {
      throw new SyncHttpError(500, errorMessages.internal, 'internal');
    };
    t.clock.emit('online');
    await flush(t.engine);
    t.clock.env.online = false;
    t.clock.emit('offline');
    expect(t.engine.state.get()).toMatchObject({ online: false, error: errorMessages.internal });
    t.engine.stop();
  });

  it('a replay that finds the write rules still loading syncs again at once, with no error and no backoff', async () => {
    const t = await setup();
    const pull = t.transport.pull.bind(t.transport);
    let calls = 0;
    t.transport.pull = async (query) => {
      calls += 1;
      if (calls === 1) throw new MutationEffectsLoading(); // as a replaying transaction does (rebase.ts)
      return pull(query);
    };
    t.engine.start();
    await flush(t.engine);
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(t.engine.state.get()).toMatchObject({ error: null, online: true });
    expect(t.engine.consecutiveFailures).toBe(0);
    expect(t.clock.pendingDelays()).toEqual([]);
    t.engine.stop();
  });

  it('a suspended account purges the replica, outbox included', async () => {
    const t = await setup();
    await t.mutate.createClient(buyer('Ana'));
    t.server.suspend(AGENT);
    let purged = '';
    const engine = new SyncEngine({
      db: t.db,
      transport: t.transport,
      session: () => ({ userId: AGENT, organizationId: ORG, role: 'agent' }),
      env: t.clock.env,
      onPurged: (m) => (purged = m),
    });
    await engine.syncNow();
    expect(purged).toBe(errorMessages.accountSuspended);
    expect(await t.db.outbox.count()).toBe(0);
    expect(await t.db.clients.count()).toBe(0);
    expect(engine.state.get()).toMatchObject({ pending: 0, error: errorMessages.accountSuspended });
  });

  it('a failed push (500, or a 409 gap) still pulls, shows the failure and retries the push with backoff', async () => {
    const t = await setup();
    await t.engine.syncNow();
    await t.mutate.createClient(buyer('Ana'));
    t.server.write('clients', clientRow({ name: 'Rui', organizationId: ORG }));
    const push = t.transport.push.bind(t.transport);
    for (const failure of [
      new SyncHttpError(500, errorMessages.internal, 'internal'),
      new SyncHttpError(409, errorMessages.syncMutationGap, 'SYNC_MUTATION_GAP', { lastMutationId: 0 }),
    ]) {
      t.transport.push = async () => {
        throw failure;
      };
      const pullsBefore = t.pulls();
      await t.engine.syncNow();
      expect(t.pulls()).toBe(pullsBefore + 1);
      expect(t.engine.state.get()).toMatchObject({
        error: errorMessages.syncPushFailed(failure.message),
        pending: 1,
        online: true,
      });
      expect((await t.db.clients.toArray()).map((c) => c.name).sort()).toEqual(['Ana', 'Rui']);
      expect(t.engine.consecutiveFailures).toBeGreaterThan(0); // retried with backoff once started
    }
    t.transport.push = push;
    await t.engine.syncNow();
    expect(t.engine.state.get()).toMatchObject({ error: null, pending: 0 });
    expect(
      t.server
        .stateFor(AGENT)
        .clients.map((c) => c.name)
        .sort(),
    ).toEqual(['Ana', 'Rui']);
  });

  it('only the tab holding the casa-sync lock runs the loop', async () => {
    const held: string[] = [];
    let release: (() => void) | null = null;
    const waiting: (() => void)[] = [];
    const locks = {
      request: (name: string, fn: () => Promise<unknown>) => {
        held.push(name);
        const run = () => fn().finally(() => (release = waiting.shift() ?? null) && release());
        if (release === null) {
          release = () => undefined;
          return run();
        }
        return new Promise((resolve) => waiting.push(() => void run().then(resolve)));
      },
    };
    const a = await setup();
    const b = await setup();
    a.engine.stop();
    const tabA = new SyncEngine({
      db: a.db,
      transport: a.transport,
      session: () => ({ userId: AGENT, organizationId: ORG, role: 'agent' }),
      env: { ...a.clock.env, locks },
    });
    const tabB = new SyncEngine({
      db: a.db,
      transport: b.transport,
      session: () => ({ userId: AGENT, organizationId: ORG, role: 'agent' }),
      env: { ...b.clock.env, locks },
    });
    tabA.start();
    tabB.start();
    await flush(tabA);
    tabB.notifyLocalWrite(); // a write in the waiting tab does not start a loop there
    a.clock.advance(SYNC_DEBOUNCE_MS);
    b.clock.advance(SYNC_DEBOUNCE_MS);
    await flush(tabB);
    expect(held).toEqual([SYNC_LOCK_NAME, SYNC_LOCK_NAME]);
    expect(a.pulls()).toBe(1);
    expect(b.pulls()).toBe(0);
    tabA.stop();
    await flush(tabB);
    expect(b.pulls()).toBe(1);
    tabB.stop();
  });
});

/** A stand-in for the browser's EventSource: the test opens, pokes and breaks it. */
class FakeEventSource implements EventSourceLike {
  static opened: FakeEventSource[] = [];
  onopen: EventSourceLike['onopen'] = null;
  onmessage: EventSourceLike['onmessage'] = null;
  onerror: EventSourceLike['onerror'] = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  static last = () => FakeEventSource.opened[FakeEventSource.opened.length - 1]!;
}

describe('live pokes', () => {
  async function liveSetup() {
    FakeEventSource.opened = [];
    const t = await setup();
    t.clock.env.eventSource = (url) => new FakeEventSource(url);
    t.engine.start();
    await flush(t.engine);
    return t;
  }

  it('holds one stream while online; a poke pulls at once, pokes during a pull fold into one more', async () => {
    const t = await liveSetup();
    const source = FakeEventSource.last();
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(source.url).toBe(LIVE_PATH);
    expect(t.engine.state.get().live).toBe(false);
    source.onopen?.({});
    expect(t.engine.state.get().live).toBe(true);
    await flush(t.engine);
    const before = t.pulls();
    source.onmessage?.({ data: 'poke' });
    await flush(t.engine);
    expect(t.pulls()).toBe(before + 1);

    // Three pokes while one cycle runs: that cycle, then one more, never three.
    source.onmessage?.({ data: 'poke' });
    source.onmessage?.({ data: 'poke' });
    source.onmessage?.({ data: 'poke' });
    await flush(t.engine);
    expect(t.pulls()).toBe(before + 3);
    source.onmessage?.({ data: 'something else' });
    await flush(t.engine);
    expect(t.pulls()).toBe(before + 3);
    t.engine.stop();
    expect(source.closed).toBe(true);
    expect(t.engine.state.get().live).toBe(false);
  });

  it('reopens a lost stream with backoff, closes it offline and reopens it online', async () => {
    const t = await liveSetup();
    FakeEventSource.last().onerror?.({});
    expect(t.engine.state.get().live).toBe(false);
    expect(FakeEventSource.opened).toHaveLength(1);
    t.clock.advance(backoffDelay(1, () => 1));
    expect(FakeEventSource.opened).toHaveLength(2);
    FakeEventSource.last().onerror?.({});
    t.clock.advance(backoffDelay(1, () => 1));
    expect(FakeEventSource.opened).toHaveLength(2); // the second failure waits longer
    t.clock.advance(backoffDelay(2, () => 1));
    expect(FakeEventSource.opened).toHaveLength(3);
    FakeEventSource.last().onopen?.({});
    expect(t.engine.state.get().live).toBe(true);

    t.clock.env.online = false;
    t.clock.emit('offline');
    expect(FakeEventSource.last().closed).toBe(true);
    expect(t.engine.state.get().live).toBe(false);
    t.clock.advance(BACKOFF_CAP_MS);
    expect(FakeEventSource.opened).toHaveLength(3);
    t.clock.env.online = true;
    t.clock.emit('online');
    expect(FakeEventSource.opened).toHaveLength(4);
    await flush(t.engine);
    t.engine.stop();
  });

  it('closes the stream when the session is gone and reopens it after a new login', async () => {
    const t = await liveSetup();
    FakeEventSource.last().onopen?.({});
    await flush(t.engine);
    t.transport.sessionExpired = true;
    FakeEventSource.last().onmessage?.({ data: 'poke' });
    await flush(t.engine);
    expect(t.engine.state.get().needsLogin).toBe(true);
    expect(FakeEventSource.last().closed).toBe(true);
    t.clock.advance(BACKOFF_CAP_MS);
    expect(FakeEventSource.opened).toHaveLength(1);
    t.transport.sessionExpired = false;
    await t.engine.resumeAfterLogin();
    expect(FakeEventSource.opened).toHaveLength(2);
    t.engine.stop();
  });

  it('keeps the 30 s poll when no stream can be held', async () => {
    const t = await liveSetup();
    FakeEventSource.last().onerror?.({});
    await flush(t.engine);
    const before = t.pulls();
    t.clock.advance(SYNC_INTERVAL_MS);
    await flush(t.engine);
    expect(t.pulls()).toBeGreaterThan(before);
    t.engine.stop();
  });
});
