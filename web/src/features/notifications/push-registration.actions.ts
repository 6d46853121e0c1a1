import { errorMessages } from '@casa/shared-schema/values';
import { loadSchemaIndex } from '../../data/lazy-schemas';

/** Set in sessionStorage once this session registered the device (docs/product.md#notifications: "once per session"). */
export const PUSH_REGISTERED_KEY = (userId: string) => `casa-push-registered:${userId}`;

type SubscriptionLike = {
  readonly options: { readonly applicationServerKey: ArrayBuffer | null };
  toJSON(): unknown;
  unsubscribe(): Promise<boolean>;
};

export type PushManagerLike = {
  getSubscription(): Promise<SubscriptionLike | null>;
  subscribe(options: {
    userVisibleOnly: boolean;
    applicationServerKey: Uint8Array;
  }): Promise<SubscriptionLike>;
};

/** The browser around the registration; tests pass fakes. */
export type PushEnvironment = {
  /** 'unsupported' without Notification, service workers or PushManager. */
  permission(): NotificationPermission | 'unsupported';
  /** The active service worker's push manager (never resolves while no worker is active). */
  pushManager(): Promise<PushManagerLike | null>;
  session: Pick<Storage, 'getItem' | 'setItem'> | null;
  deviceInfo(): { userAgent: string; platform: string; language: string };
  logError(message: string, cause: unknown): void;
};

/** The two calls it makes (the app passes its ApiClient). */
export type PushApi = {
  get(path: string): Promise<unknown>;
  post(path: string, body: unknown): Promise<unknown>;
};

/** base64url (the server's VAPID public key) to bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current || current.byteLength !== wanted.byteLength) return false;
  const bytes = new Uint8Array(current);
  return bytes.every((b, i) => b === wanted[i]);
}

/** The subscription for `key`: the existing one when made with that key, else a new one. */
async function subscriptionFor(manager: PushManagerLike, key: Uint8Array): Promise<SubscriptionLike> {
  const existing = await manager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing;
  // Made with another server key (rotated keys, another server): the push service would refuse ours.
  if (existing) await existing.unsubscribe();
  return manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** 409 from POST /api/notifications/register: the endpoint belongs to another user. */
function isEndpointTaken(error: unknown): boolean {
  return (error as { status?: unknown } | null)?.status === 409;
}

const inFlight = new Map<string, Promise<boolean>>();

/**
 * Registers this device for push once per session when notification permission is granted: subscribes
 * with the server's VAPID key and POSTs the subscription JSON as the token. Never throws: a failure is
 * only logged (docs/product.md#messages) and retried on the next page load. Answers whether the device is registered.
 */
export function registerPushOnce(userId: string, env: PushEnvironment, client: PushApi): Promise<boolean> {
  if (env.permission() !== 'granted') return Promise.resolve(false);
  if (env.session?.getItem(PUSH_REGISTERED_KEY(userId)) === '1') return Promise.resolve(true);
  const running = inFlight.get(userId);
  if (running) return running;
  const attempt = Promise.resolve().then(async () => {
    try {
      const manager = await env.pushManager();
      if (!manager) return false;
      // The schema index loads here, not with the frame that imports this module (docs/decisions.md).
      const [{ vapidPublicKeyResponseSchema }, answer] = await Promise.all([
        loadSchemaIndex(),
        client.get('/api/notifications/vapid-public-key'),
      ]);
      const { publicKey } = vapidPublicKeyResponseSchema.parse(answer);
      const key = base64UrlToBytes(publicKey);
      const subscription = await subscriptionFor(manager, key);
      const register = (s: SubscriptionLike) =>
        client.post('/api/notifications/register', {
          token: JSON.stringify(s.toJSON()),
          deviceInfo: env.deviceInfo(),
        });
      try {
        await register(subscription);
      } catch (error) {
        if (!isEndpointTaken(error)) throw error;
        // The endpoint is another user's (this browser was theirs and they never logged out): a new
        // subscription gets a new endpoint, which is ours; theirs stops working at the push service.
        await subscription.unsubscribe();
        await register(await manager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
      }
      env.session?.setItem(PUSH_REGISTERED_KEY(userId), '1');
      return true;
    } catch (error) {
      env.logError(errorMessages.registerDeviceFailed, error);
      return false;
    }
  });
  inFlight.set(userId, attempt);
  void attempt.finally(() => inFlight.delete(userId));
  return attempt;
}

/**
 * Logout: the server forgets this browser's endpoint for the user (it stays theirs until then) and the
 * browser drops the subscription, so the next user of the device gets a fresh one. Never throws and never
 * waits more than `timeoutMs` (no service worker: nothing to do).
 */
export async function unregisterPush(env: PushEnvironment, client: PushApi, timeoutMs = 1500): Promise<void> {
  if (env.permission() === 'unsupported') return;
  const work = (async () => {
    const manager = await env.pushManager();
    const subscription = await manager?.getSubscription();
    if (!subscription) return;
    const { endpoint } = subscription.toJSON() as { endpoint?: unknown };
    if (typeof endpoint === 'string') await client.post('/api/notifications/unregister', { endpoint });
    await subscription.unsubscribe();
  })();
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs));
  try {
    await Promise.race([work, timeout]);
  } catch (error) {
    env.logError(errorMessages.registerDeviceFailed, error);
  }
}
