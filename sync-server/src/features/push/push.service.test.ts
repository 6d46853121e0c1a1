import type { Knex } from 'knex';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, pushPayloadSchema } from '@casa/shared-schema';
import { createTestDb, type TestDb } from '../../../test/db';
import { createMember, createUser } from '../../../test/factories';
import { inTransaction } from '../../db/transaction';
import type { DomainCtx } from '../../http/context';
import { createNotification } from '../notifications/notifications.domain';
import { startFakePushService, type FakePushService } from './fake-push-service.testkit';
import { createPushService, PUSH_TTL_SECONDS, registerPushService, webPushTransport } from './push.service';

let db: TestDb;
let fake: FakePushService;
let unregister: () => void;
const logs: Record<string, unknown>[] = [];
const log = pino({ level: 'debug' }, { write: (line: string) => void logs.push(JSON.parse(line)) });

beforeAll(async () => {
  db = await createTestDb();
  fake = await startFakePushService();
  const service = createPushService({
    knex: db.knex,
    env: {},
    log,
    transport: webPushTransport({ agent: fake.agent }),
  });
  unregister = registerPushService(db.knex, service);
});
afterAll(async () => {
  unregister();
  await fake.close();
  await db.destroy();
});

function systemCtx(knex: Knex, user: { id: string; organizationId: string | null }): DomainCtx {
  return {
    db: knex,
    auth: { userId: user.id, organizationId: user.organizationId, role: 'admin', isSuperAdmin: false },
    now: new Date().toISOString(),
    log,
  };
}

async function registerDevice(
  knex: Knex,
  user: { id: string; organizationId: string | null },
  token: string,
) {
  const now = new Date().toISOString();
  await knex('push_devices').insert({
    id: crypto.randomUUID(),
    user_id: user.id,
    organization_id: user.organizationId,
    endpoint: JSON.parse(token).endpoint,
    token,
    device_info: JSON.stringify({ userAgent: 'test', platform: 'Linux', language: 'pt-PT' }),
    created_at: now,
    updated_at: now,
  });
}

const notify = (user: { id: string; organizationId: string | null }, type = 'follow_up' as const) =>
  inTransaction(systemCtx(db.knex, user), (tx) =>
    createNotification(tx, {
      userId: user.id,
      organizationId: user.organizationId,
      type,
      title: 'Follow-up dentro de 30 minutos: Visita',
      body: 'Com João às 10:00.',
      data: { followUpId: 'abc' },
    }),
  );

describe('web push through createNotification', () => {
  it('sends an encrypted, VAPID-signed message with TTL and urgency to every device of the user', async () => {
    const { user } = await createMember(db.knex);
    const phone = fake.subscribe(201);
    const laptop = fake.subscribe(201);
    await registerDevice(db.knex, user, phone.token);
    await registerDevice(db.knex, user, laptop.token);
    const before = fake.requests.length;

    const created = await notify(user);
    expect(created).not.toBeNull();
    const sent = fake.requests.slice(before);
    expect(sent.map((r) => r.path).sort()).toEqual(
      [new URL(phone.endpoint).pathname, new URL(laptop.endpoint).pathname].sort(),
    );
    const request = sent.find((r) => r.path === new URL(phone.endpoint).pathname)!;
    expect(request.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    expect(request.headers.urgency).toBe('high');
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(String(request.headers.authorization)).toMatch(/^vapid t=.+, k=[A-Za-z0-9_-]+$/);
    const payload = pushPayloadSchema.parse(JSON.parse(phone.decrypt(request.body)));
    expect(payload).toEqual({
      id: created!.id,
      type: 'follow_up',
      title: 'Follow-up dentro de 30 minutos: Visita',
      body: 'Com João às 10:00.',
      data: { followUpId: 'abc' },
      createdAt: created!.createdAt,
    });
    // The key the service signs with is the one the web client subscribes with.
    const stored = JSON.parse((await db.knex('server_settings').where('key', 'vapid_keys').first()).value);
    expect(String(request.headers.authorization)).toContain(`k=${stored.publicKey}`);
  });

  it('removes a device whose subscription is gone (410, 404) and keeps one that failed otherwise', async () => {
    const { user } = await createMember(db.knex);
    const gone = fake.subscribe(410);
    const missing = fake.subscribe(404);
    const flaky = fake.subscribe(500);
    for (const s of [gone, missing, flaky]) await registerDevice(db.knex, user, s.token);

    await notify(user, 'system' as never);
    const left = await db.knex('push_devices').where('user_id', user.id).pluck('endpoint');
    expect(left).toEqual([flaky.endpoint]);
    expect(logs.some((l) => l.msg === 'web push failed' && l.status === 500)).toBe(true);
  });

  it('respects the preferences: type switched off creates nothing, push_notifications off sends nothing', async () => {
    const { user } = await createMember(db.knex);
    const device = fake.subscribe(201);
    await registerDevice(db.knex, user, device.token);
    const path = new URL(device.endpoint).pathname;
    const now = new Date().toISOString();
    await db.knex('notification_preferences').insert({
      id: crypto.randomUUID(),
      user_id: user.id,
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      follow_ups: false,
      push_notifications: false,
      updated_at: now,
    });

    expect(await notify(user, 'follow_up')).toBeNull();
    expect(await db.knex('notifications').where('user_id', user.id)).toHaveLength(0);

    const created = await notify(user, 'birthday' as never);
    expect(created).toMatchObject({ type: 'birthday', read: false });
    expect(await db.knex('notifications').where('user_id', user.id)).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path === path)).toHaveLength(0);
  });

  it('sends nothing when the transaction rolls back', async () => {
    const { user } = await createMember(db.knex);
    const device = fake.subscribe(201);
    await registerDevice(db.knex, user, device.token);
    const path = new URL(device.endpoint).pathname;
    await expect(
      inTransaction(systemCtx(db.knex, user), async (tx) => {
        await createNotification(tx, { userId: user.id, type: 'system', title: 'Olá' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(fake.requests.filter((r) => r.path === path)).toHaveLength(0);
    expect(await db.knex('notifications').where('user_id', user.id)).toHaveLength(0);
  });

  it('notifies a super admin (no organization) without a change-log entry', async () => {
    const admin = await createUser(db.knex, { role: 'super_admin' });
    const created = await inTransaction(systemCtx(db.knex, admin), (tx) =>
      createNotification(tx, { userId: admin.id, type: 'system', title: 'Manutenção às 03:00' }),
    );
    expect(created).toMatchObject({ organizationId: null, userId: admin.id, type: 'system' });
    expect(await db.knex('sync_changes').where('row_id', created!.id)).toHaveLength(0);
  });
});
