import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../lib/api';
import { maintenanceSnapshot, reportMaintenance } from '../../lib/maintenance-store';
import { createSessionStore, fetchCurrentUser, mustBeSignedOut, type UserCache } from './session-store';

type Answer = () => Promise<Response>;

function client(answer: Answer) {
  const fetch = vi.fn(answer);
  return {
    fetch,
    client: createApiClient({
      fetch: fetch as unknown as typeof globalThis.fetch,
      getCookie: () => undefined,
      onSuspended: () => {},
    }),
  };
}

const json = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status });
const me = { id: '00000000-0000-0000-0000-000000000001', firstName: 'Ana', status: 'active' };

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('fetchCurrentUser', () => {
  it('returns the user the me call answers', async () => {
    await expect(fetchCurrentUser(client(json(200, me)).client)).resolves.toEqual(me);
  });

  it('a 401 means logged out', async () => {
    await expect(fetchCurrentUser(client(json(401, { message: 'x' })).client)).resolves.toBeNull();
  });

  it('any other error answer also means logged out', async () => {
    const c = client(async () => new Response('oops', { status: 500 })).client;
    await expect(fetchCurrentUser(c)).resolves.toBeNull();
  });

  it('maintenance mode keeps the session: reported like no answer, never as logged out', async () => {
    const c = client(json(503, { code: 'maintenance', message: 'Em manutenção' })).client;
    await expect(fetchCurrentUser(c)).resolves.toBe('unreachable');
  });

  it('no answer at all is reported as unreachable, not as logged out', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const c = client(async () => {
      throw new TypeError('Failed to fetch');
    }).client;
    await expect(fetchCurrentUser(c)).resolves.toBe('unreachable');
  });
});

describe('mustBeSignedOut', () => {
  it.each([
    ['suspended', true],
    ['inactive', true],
    ['active', false],
  ] as const)('status %s → %s', (status, expected) => {
    expect(mustBeSignedOut({ status })).toBe(expected);
  });

  it('nobody signed in → false', () => {
    expect(mustBeSignedOut(null)).toBe(false);
  });
});

describe('session store', () => {
  it('is loading (undefined) until the first answer, then holds the user and notifies', async () => {
    const { client: c } = client(json(200, me));
    const store = createSessionStore({ client: c });
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.getSnapshot()).toBeUndefined();
    await store.refresh();
    expect(store.getSnapshot()).toEqual(me);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('a visitor (no user cached, no signed-in hint) is signed out at once and asked nothing, polls included', async () => {
    vi.useFakeTimers();
    const { client: c, fetch } = client(json(401, { message: 'x' }));
    let hint = false;
    const store = createSessionStore({ client: c, maybeSignedIn: () => hint });
    expect(store.getSnapshot()).toBeNull();
    store.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).not.toHaveBeenCalled();
    // Signed in meanwhile in another tab: the hint is there, the next poll asks.
    hint = true;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    store.stop();
  });

  it('a device with a cached user asks even without the hint (a session from before the hint)', async () => {
    const { client: c, fetch } = client(json(200, me));
    const cached = { read: () => me as never, write: () => {} };
    const store = createSessionStore({ client: c, cache: cached, maybeSignedIn: () => false });
    await store.refresh();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toEqual(me);
  });

  it('polls every 30 s while started, and stops', async () => {
    vi.useFakeTimers();
    const { client: c, fetch } = client(json(200, me));
    const store = createSessionStore({ client: c });
    store.start();
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetch).toHaveBeenCalledTimes(3);
    store.stop();
    await vi.advanceTimersByTimeAsync(90_000);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('does not retry a failed call before the next poll', async () => {
    vi.useFakeTimers();
    const { client: c, fetch } = client(async () => new Response('x', { status: 500 }));
    const store = createSessionStore({ client: c });
    store.start();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toBeNull();
    store.stop();
  });

  it('keeps a known user when the server cannot be reached', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let online = true;
    const { client: c } = client(async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(me), { status: 200 });
    });
    const store = createSessionStore({ client: c });
    await store.refresh();
    online = false;
    await store.refresh();
    expect(store.getSnapshot()).toEqual(me);
  });

  it('is logged out when the very first call cannot reach the server', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client: c } = client(async () => {
      throw new TypeError('Failed to fetch');
    });
    const store = createSessionStore({ client: c });
    await store.refresh();
    expect(store.getSnapshot()).toBeNull();
  });

  it.each(['suspended', 'inactive'])(
    'a %s user is signed out through the suspension path',
    async (status) => {
      const { client: c } = client(json(200, { ...me, status }));
      const signOutSuspended = vi.fn(async () => {});
      const store = createSessionStore({ client: c, signOutSuspended });
      await store.refresh();
      expect(signOutSuspended).toHaveBeenCalledTimes(1);
      expect(store.getSnapshot()).toBeNull();
    },
  );

  it('clear() wins over an answer still in flight', async () => {
    let release: (r: Response) => void = () => {};
    const { client: c } = client(() => new Promise<Response>((resolve) => (release = resolve)));
    const store = createSessionStore({ client: c });
    const pending = store.refresh();
    store.clear();
    release(new Response(JSON.stringify(me), { status: 200 }));
    await pending;
    expect(store.getSnapshot()).toBeNull();
  });
});

describe('session store: the user cached on the device (offline start)', () => {
  function memoryCache(initial: unknown = null) {
    let stored = initial as ReturnType<UserCache['read']>;
    return { read: () => stored, write: (u: typeof stored) => (stored = u), peek: () => stored };
  }
  const offline = async () => {
    throw new TypeError('Failed to fetch');
  };

  it('remembers the signed-in user', async () => {
    const cache = memoryCache();
    const store = createSessionStore({ client: client(json(200, me)).client, cache });
    await store.refresh();
    expect(cache.peek()).toEqual(me);
  });

  it('an offline start opens with the cached user', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = createSessionStore({ client: client(offline).client, cache: memoryCache(me) });
    await store.refresh();
    expect(store.getSnapshot()).toEqual(me);
  });

  it('a device with a cached user opens with it before the me call answers, then follows the answer', async () => {
    let release: (r: Response) => void = () => {};
    const { client: c } = client(() => new Promise<Response>((resolve) => (release = resolve)));
    const store = createSessionStore({ client: c, cache: memoryCache(me) });
    expect(store.getSnapshot()).toEqual(me);
    const pending = store.refresh();
    expect(store.getSnapshot()).toEqual(me);
    release(new Response(JSON.stringify({ message: 'x' }), { status: 401 }));
    await pending;
    expect(store.getSnapshot()).toBeNull();
  });

  it('an answer equal to the cached user keeps its object and notifies no one (no re-render)', async () => {
    const cached = { ...me };
    const store = createSessionStore({ client: client(json(200, me)).client, cache: memoryCache(cached) });
    const notified = vi.fn();
    store.subscribe(notified);
    await store.refresh();
    expect(store.getSnapshot()).toBe(cached);
    expect(notified).not.toHaveBeenCalled();
    // A changed answer is still taken.
    const renamed = createSessionStore({
      client: client(json(200, { ...me, firstName: 'Rita' })).client,
      cache: memoryCache(cached),
    });
    renamed.subscribe(notified);
    await renamed.refresh();
    expect(renamed.getSnapshot()).toEqual({ ...me, firstName: 'Rita' });
    expect(notified).toHaveBeenCalledTimes(1);
  });

  it('a 401 forgets the cached user', async () => {
    const cache = memoryCache(me);
    const store = createSessionStore({ client: client(json(401, { message: 'x' })).client, cache });
    await store.refresh();
    expect(store.getSnapshot()).toBeNull();
    expect(cache.peek()).toBeNull();
  });

  it('a suspended user and a local clear() forget it too', async () => {
    const cache = memoryCache();
    const store = createSessionStore({
      client: client(json(200, { ...me, status: 'suspended' })).client,
      cache,
      signOutSuspended: async () => {},
    });
    cache.write(me as never);
    await store.refresh();
    expect(cache.peek()).toBeNull();
    cache.write(me as never);
    store.clear();
    expect(cache.peek()).toBeNull();
  });
});

describe('session store and maintenance', () => {
  it('keeps the user through maintenance and clears the maintenance state when me answers again', async () => {
    let answer: Answer = json(200, me);
    const { client: c } = client(() => answer());
    const store = createSessionStore({ client: c });
    await store.refresh();
    reportMaintenance('Voltamos às 14:00.');
    answer = json(503, { code: 'maintenance', message: 'Voltamos às 14:00.' });
    await store.refresh();
    expect(store.getSnapshot()).toEqual(me);
    expect(maintenanceSnapshot()).toEqual({ message: 'Voltamos às 14:00.' });
    answer = json(200, me);
    await store.refresh();
    expect(maintenanceSnapshot()).toBeNull();
  });
});
