import type { Agent } from 'node:https';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import webpush from 'web-push';
import {
  pushSubscriptionJsonSchema,
  type Notification,
  type PushPayload,
  type PushSubscriptionJson,
} from '@casa/shared-schema';
import type { Env } from '../../env';
import { vapidKeys, type VapidKeys } from './vapid.service';

/** Reminders lose their point after a day; a push service keeps an undelivered message at most this long. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

/** One delivery attempt: resolves with the push service's status, rejects with `{statusCode}` on failure. */
export type PushTransport = (
  subscription: PushSubscriptionJson,
  payload: string,
  options: { TTL: number; urgency: PushUrgency; vapid: VapidKeys },
) => Promise<{ statusCode: number }>;

/** The real transport: `web-push` (encryption + VAPID). `agent` lets tests trust a local fake service. */
export function webPushTransport(options: { agent?: Agent; timeoutMs?: number } = {}): PushTransport {
  return async (subscription, payload, { TTL, urgency, vapid }) => {
    const result = await webpush.sendNotification(subscription, payload, {
      TTL,
      urgency,
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      timeout: options.timeoutMs ?? 10_000,
      ...(options.agent ? { agent: options.agent } : {}),
    });
    return { statusCode: result.statusCode };
  };
}

export type PushSendReport = { sent: number; removed: number; failed: number };

export type PushService = {
  /** Sends `payload` to every registered device of the user; 404/410 devices are deleted. */
  sendToUser(userId: string, payload: PushPayload): Promise<PushSendReport>;
  publicKey(): Promise<string>;
};

export function urgencyOf(type: string): PushUrgency {
  return type === 'follow_up' || type === 'overdue_task' ? 'high' : 'normal';
}

export function pushPayloadOf(n: Notification): PushPayload {
  return { id: n.id, type: n.type, title: n.title, body: n.body, data: n.data, createdAt: n.createdAt };
}

export function createPushService(deps: {
  knex: Knex;
  env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>;
  log: Logger;
  transport?: PushTransport;
}): PushService {
  const transport = deps.transport ?? webPushTransport();
  return {
    publicKey: async () => (await vapidKeys(deps.knex, deps.env)).publicKey,
    async sendToUser(userId, payload) {
      const report: PushSendReport = { sent: 0, removed: 0, failed: 0 };
      const devices = (await deps
        .knex('push_devices')
        .where('user_id', userId)
        .select('id', 'token')) as Array<{
        id: string;
        token: string;
      }>;
      if (devices.length === 0) return report;
      const vapid = await vapidKeys(deps.knex, deps.env);
      const body = JSON.stringify(payload);
      await Promise.all(
        devices.map(async (device) => {
          let subscription: PushSubscriptionJson;
          try {
            subscription = pushSubscriptionJsonSchema.parse(JSON.parse(device.token));
          } catch {
            report.failed++;
            deps.log.warn({ deviceId: device.id }, 'push device token is not a push subscription');
            return;
          }
          try {
            await transport(subscription, body, {
              TTL: PUSH_TTL_SECONDS,
              urgency: urgencyOf(payload.type),
              vapid,
            });
            report.sent++;
          } catch (err) {
            const status = (err as { statusCode?: number }).statusCode;
            if (status === 404 || status === 410) {
              // The subscription expired or was revoked: never try it again.
              await deps.knex('push_devices').where('id', device.id).del();
              report.removed++;
              deps.log.info({ deviceId: device.id, status }, 'push subscription gone: device removed');
            } else {
              report.failed++;
              deps.log.warn({ err, deviceId: device.id, status }, 'web push failed');
            }
          }
        }),
      );
      return report;
    },
  };
}

/**
 * One push service per database (keyed by the Knex client's config, which a transaction shares with
 * its root Knex), so domain code holding only a transaction can queue a push in postCommit.
 */
const registry = new WeakMap<object, PushService>();

export function registerPushService(knex: Knex, service: PushService): () => void {
  const key = knex.client.config as object;
  registry.set(key, service);
  return () => {
    if (registry.get(key) === service) registry.delete(key);
  };
}

export function pushServiceFor(db: Knex | Knex.Transaction): PushService | undefined {
  return registry.get(db.client.config as object);
}
