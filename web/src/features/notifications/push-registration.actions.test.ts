import { describe, expect, it, vi } from 'vitest';
import { errorMessages } from '@casa/shared-schema';
import { pushAvailability } from './push-availability.logic';
import {
  base64UrlToBytes,
  PUSH_REGISTERED_KEY,
  registerPushOnce,
  unregisterPush,
  type PushEnvironment,
  type PushManagerLike,
} from './push-registration.actions';

// A 65-byte P-256 public key in base64url, as GET /api/notifications/vapid-public-key answers it.
const KEY_A = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const KEY_B = 'BOr6_uJgTSdNyxwvDnW6HkLlXoB-LBvEH3lE0cTcFqx7J0mqVw9UQQOvIsNqPuRk0OvhqQhtW3hGrnQwvxCsbyk';

function fakeSubscription(endpoint: string, key: string | null) {
  return {
    endpoint,
    options: { applicationServerKey: key ? base64UrlToBytes(key).buffer : null },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'p256dh-key', auth: 'auth-secret' } }),
    unsubscribe: vi.fn(async () => true),
  };
}

function fakePushManager(existing: ReturnType<typeof fakeSubscription> | null = null) {
  let current = existing;
  const manager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(
      async ({ applicationServerKey }: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
        current = fakeSubscription('https://push.example/new', null);
        current.options.applicationServerKey = applicationServerKey.slice().buffer;
        return current;
      },
    ),
  };
  return manager satisfies PushManagerLike;
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

/** A fake fetch behind the ApiClient shape: answers the VAPID key and records registrations. */
function fakeServer(publicKey = KEY_A, failRegister = false) {
  const registered: unknown[] = [];
  return {
    registered,
    get: vi.fn(async (path: string): Promise<unknown> => {
      expect(path).toBe('/api/notifications/vapid-public-key');
      return { publicKey };
    }),
    post: vi.fn(async (path: string, body: unknown): Promise<unknown> => {
      expect(path).toBe('/api/notifications/register');
      if (failRegister) throw new Error('500');
      registered.push(body);
      return {};
    }),
  };
}

/** A server that answers 409 for an endpoint another user registered first. */
function serverWithTakenEndpoint(taken: string) {
  const server = fakeServer();
  server.post.mockImplementation(async (_path: string, body: unknown) => {
    const token = JSON.parse((body as { token: string }).token) as { endpoint: string };
    if (token.endpoint === taken) throw Object.assign(new Error('409'), { status: 409 });
    server.registered.push(body);
    return {};
  });
  return server;
}

function env(over: Partial<PushEnvironment> & { manager?: PushManagerLike } = {}) {
  const manager = over.manager ?? fakePushManager();
  return {
    permission: () => 'granted' as const,
    pushManager: async () => manager,
    session: memoryStorage(),
    deviceInfo: () => ({ userAgent: 'UA', platform: 'Linux', language: 'pt-PT' }),
    logError: vi.fn(),
    ...over,
  } satisfies PushEnvironment;
}

describe('registerPushOnce', () => {
  it('subscribes with the server key and registers the subscription JSON once per session', async () => {
    const manager = fakePushManager();
    const e = env({ manager });
    const server = fakeServer();
    expect(await registerPushOnce('u1', e, server)).toBe(true);
    expect(manager.subscribe).toHaveBeenCalledTimes(1);
    const options = manager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual([...base64UrlToBytes(KEY_A)]);
    expect(server.registered).toEqual([
      {
        token: JSON.stringify({
          endpoint: 'https://push.example/new',
          expirationTime: null,
          keys: { p256dh: 'p256dh-key', auth: 'auth-secret' },
        }),
        deviceInfo: { userAgent: 'UA', platform: 'Linux', language: 'pt-PT' },
      },
    ]);
    expect(e.session!.getItem(PUSH_REGISTERED_KEY('u1'))).toBe('1');

    // Later mounts in the same session (and calls made while one is running) register nothing more.
    expect(await Promise.all([registerPushOnce('u1', e, server), registerPushOnce('u1', e, server)])).toEqual(
      [true, true],
    );
    expect(server.post).toHaveBeenCalledTimes(1);
  });

  it('joins a registration already running instead of starting a second one', async () => {
    const e = env();
    const server = fakeServer();
    await Promise.all([registerPushOnce('u2', e, server), registerPushOnce('u2', e, server)]);
    expect(server.post).toHaveBeenCalledTimes(1);
  });

  it('registers again for another user or in a new session', async () => {
    const server = fakeServer();
    const e = env();
    await registerPushOnce('u3', e, server);
    await registerPushOnce('u4', e, server);
    await registerPushOnce('u3', { ...e, session: memoryStorage() }, server);
    expect(server.post).toHaveBeenCalledTimes(3);
  });

  it.each(['default', 'denied', 'unsupported'] as const)('does nothing when permission is %s', async (p) => {
    const manager = fakePushManager();
    const server = fakeServer();
    expect(await registerPushOnce('u5', env({ manager, permission: () => p }), server)).toBe(false);
    expect(manager.getSubscription).not.toHaveBeenCalled();
    expect(manager.subscribe).not.toHaveBeenCalled();
    expect(server.get).not.toHaveBeenCalled();
    expect(server.post).not.toHaveBeenCalled();
  });

  it('reuses an existing subscription made with the same key', async () => {
    const existing = fakeSubscription('https://push.example/kept', KEY_A);
    const manager = fakePushManager(existing);
    const server = fakeServer(KEY_A);
    await registerPushOnce('u6', env({ manager }), server);
    expect(manager.subscribe).not.toHaveBeenCalled();
    expect(existing.unsubscribe).not.toHaveBeenCalled();
    expect(JSON.parse((server.registered[0] as { token: string }).token)).toMatchObject({
      endpoint: 'https://push.example/kept',
    });
  });

  it.each([
    ['another key', KEY_B],
    ['no key known', null],
  ])('resubscribes when the existing subscription has %s', async (_, key) => {
    const existing = fakeSubscription('https://push.example/old', key);
    const manager = fakePushManager(existing);
    const server = fakeServer(KEY_A);
    await registerPushOnce(`u7-${String(key)}`, env({ manager }), server);
    expect(existing.unsubscribe).toHaveBeenCalledTimes(1);
    expect(manager.subscribe).toHaveBeenCalledTimes(1);
    expect([...manager.subscribe.mock.calls[0]![0].applicationServerKey]).toEqual([
      ...base64UrlToBytes(KEY_A),
    ]);
    expect(JSON.parse((server.registered[0] as { token: string }).token)).toMatchObject({
      endpoint: 'https://push.example/new',
    });
  });

  it('only logs a failed registration, and tries again on the next call', async () => {
    const e = env();
    const failing = fakeServer(KEY_A, true);
    await expect(registerPushOnce('u8', e, failing)).resolves.toBe(false);
    expect(e.logError).toHaveBeenCalledWith(errorMessages.registerDeviceFailed, expect.any(Error));
    expect(e.session!.getItem(PUSH_REGISTERED_KEY('u8'))).toBeNull();

    const working = fakeServer(KEY_A);
    await expect(registerPushOnce('u8', e, working)).resolves.toBe(true);
    expect(working.post).toHaveBeenCalledTimes(1);
  });

  it('only logs a refused subscription (no register call)', async () => {
    const manager = fakePushManager();
    manager.subscribe.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    const e = env({ manager });
    const server = fakeServer();
    await expect(registerPushOnce('u9', e, server)).resolves.toBe(false);
    expect(e.logError).toHaveBeenCalledTimes(1);
    expect(server.post).not.toHaveBeenCalled();
  });

  it('does nothing without an active service worker', async () => {
    const server = fakeServer();
    await expect(registerPushOnce('u10', env({ pushManager: async () => null }), server)).resolves.toBe(
      false,
    );
    expect(server.get).not.toHaveBeenCalled();
  });
});

describe('base64UrlToBytes', () => {
  it('decodes unpadded base64url', () => {
    expect([...base64UrlToBytes('-_8')]).toEqual([0xfb, 0xff]);
    expect(base64UrlToBytes(KEY_A)).toHaveLength(65);
  });
});

describe('pushAvailability', () => {
  const base = { platform: 'other' as const, standalone: false, apis: true, permission: 'default' as const };
  it('answers the permission where push is supported', () => {
    expect(pushAvailability(base)).toBe('default');
    expect(pushAvailability({ ...base, permission: 'denied' })).toBe('denied');
    expect(pushAvailability({ ...base, platform: 'ios', standalone: true, permission: 'granted' })).toBe(
      'granted',
    );
  });
  it('asks iOS users to install the app first, and says when push is missing', () => {
    expect(pushAvailability({ ...base, platform: 'ios' })).toBe('install-first');
    expect(pushAvailability({ ...base, apis: false })).toBe('unsupported');
    expect(pushAvailability({ ...base, permission: null })).toBe('unsupported');
  });

  it("subscribes anew when the server says the endpoint is another user's (409)", async () => {
    const old = fakeSubscription('https://push.example/old', KEY_A);
    const manager = fakePushManager(old);
    const server = serverWithTakenEndpoint('https://push.example/old');
    expect(await registerPushOnce('user-409', env({ manager }), server)).toBe(true);
    expect(old.unsubscribe).toHaveBeenCalledOnce();
    expect(server.registered).toHaveLength(1);
    const token = JSON.parse((server.registered[0] as { token: string }).token) as { endpoint: string };
    expect(token.endpoint).toBe('https://push.example/new');
  });

  it('logout unregisters the endpoint on the server, then drops the browser subscription', async () => {
    const current = fakeSubscription('https://push.example/mine', KEY_A);
    const manager = fakePushManager(current);
    const posts: unknown[] = [];
    const client = {
      get: vi.fn(),
      post: vi.fn(async (path: string, body: unknown) => posts.push({ path, body })),
    };
    await unregisterPush(env({ manager }), client);
    expect(posts).toEqual([
      { path: '/api/notifications/unregister', body: { endpoint: 'https://push.example/mine' } },
    ]);
    expect(current.unsubscribe).toHaveBeenCalledOnce();
  });

  it('logout does not wait for a service worker that never comes', async () => {
    const client = { get: vi.fn(), post: vi.fn() };
    const never = env({ pushManager: () => new Promise<PushManagerLike | null>(() => undefined) });
    await unregisterPush(never, client, 10);
    expect(client.post).not.toHaveBeenCalled();
  });
});
