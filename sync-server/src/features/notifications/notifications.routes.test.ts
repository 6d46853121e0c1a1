import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  errorMessages,
  notificationListResponseSchema,
  pushDeviceSchema,
} from '@casa/shared-schema';
import { createMember, createUser, TEST_PASSWORD } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Inserts a notification row directly (as the scheduler would), `minutesAgo` before now. */
async function addNotification(
  knex: Knex,
  user: { id: string; organizationId: string | null },
  overrides: { minutesAgo?: number; read?: boolean; title?: string; deleted?: boolean } = {},
): Promise<string> {
  const at = new Date(Date.now() - (overrides.minutesAgo ?? 0) * 60_000).toISOString();
  const id = randomUUID();
  await knex('notifications').insert({
    id,
    organization_id: user.organizationId,
    user_id: user.id,
    type: 'system',
    title: overrides.title ?? `Aviso ${id.slice(0, 4)}`,
    body: null,
    read: overrides.read ?? false,
    read_at: overrides.read ? at : null,
    data: JSON.stringify({ n: 1 }),
    created_at: at,
    updated_at: at,
    deleted_at: overrides.deleted ? at : null,
  });
  return id;
}

const subscription = (endpoint = `https://push.exemplo.pt/send/${randomUUID()}`) =>
  JSON.stringify({
    endpoint,
    expirationTime: null,
    keys: { p256dh: 'BNcR-p256dh-key', auth: 'auth-secret' },
  });

describe('GET /api/notifications', () => {
  it('answers 401 without a session', async () => {
    const res = await server.client().get('/api/notifications');
    expect(res.status).toBe(401);
  });

  it('lists only the caller’s live notifications, newest first, with the unread count', async () => {
    const { user, organization } = await createMember(server.knex, 'viewer');
    const other = await createUser(server.knex, { organizationId: organization.id });
    const oldest = await addNotification(server.knex, user, { minutesAgo: 30, read: true });
    const middle = await addNotification(server.knex, user, { minutesAgo: 20 });
    const newest = await addNotification(server.knex, user, { minutesAgo: 10 });
    await addNotification(server.knex, user, { minutesAgo: 5, deleted: true });
    await addNotification(server.knex, other, { minutesAgo: 1 });

    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const res = await client.get('/api/notifications');
    expect(res.status).toBe(200);
    const body = notificationListResponseSchema.parse(res.json);
    expect(body.notifications.map((n) => n.id)).toEqual([newest, middle, oldest]);
    expect(body.unreadCount).toBe(2);
    expect(body.notifications[2]).toMatchObject({ read: true, data: { n: 1 }, userId: user.id });
    expect(body.notifications[0]!.readAt).toBeNull();
  });

  it('honours limit (default 20, clamped to 200) and unread=true', async () => {
    const { user } = await createMember(server.knex);
    for (let i = 0; i < 25; i++)
      await addNotification(server.knex, user, { minutesAgo: i, read: i % 2 === 1 });
    const client = await server.loginAs(user.email, TEST_PASSWORD);

    expect((await client.get('/api/notifications')).json.notifications).toHaveLength(20);
    const three = await client.get('/api/notifications?limit=3');
    expect(three.json.notifications).toHaveLength(3);
    expect(three.json.unreadCount).toBe(13);
    expect((await client.get('/api/notifications?limit=1000')).json.notifications).toHaveLength(25);

    const unread = await client.get('/api/notifications?unread=true&limit=50');
    expect(unread.json.notifications).toHaveLength(13);
    expect(unread.json.notifications.every((n: { read: boolean }) => !n.read)).toBe(true);

    const bad = await client.get('/api/notifications?limit=abc');
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors).toHaveProperty('limit');
    expect((await client.get('/api/notifications?limit=0')).status).toBe(400);
    expect((await client.get('/api/notifications?unread=maybe')).status).toBe(400);
  });

  it('works for a super admin (no organization)', async () => {
    const admin = await createUser(server.knex, { role: 'super_admin' });
    const id = await addNotification(server.knex, admin);
    const client = await server.loginAs(admin.email, TEST_PASSWORD);
    const res = await client.get('/api/notifications');
    expect(res.status).toBe(200);
    expect(res.json.notifications.map((n: { id: string }) => n.id)).toEqual([id]);
    const read = await client.put(`/api/notifications/${id}/read`);
    expect(read.status).toBe(200);
    expect(read.json.read).toBe(true);
    expect((await client.get('/api/notifications')).json.unreadCount).toBe(0);
  });
});

describe('PUT /api/notifications/:id/read and read-all', () => {
  it('marks one as read, idempotently, and writes the change log', async () => {
    const { user, organization } = await createMember(server.knex, 'viewer');
    const id = await addNotification(server.knex, user);
    const client = await server.loginAs(user.email, TEST_PASSWORD);

    const first = await client.put(`/api/notifications/${id}/read`);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ id, read: true });
    expect(typeof first.json.readAt).toBe('string');
    const second = await client.put(`/api/notifications/${id}/read`);
    expect(second.status).toBe(200);
    expect(second.json.readAt).toBe(first.json.readAt);

    const changes = await server.knex('sync_changes').where({ organization_id: organization.id, row_id: id });
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ table_name: 'notifications', user_id: user.id });
    expect((await client.get('/api/notifications')).json.unreadCount).toBe(0);
  });

  it('answers 404 for another user’s notification (same or other organization) and for a bad id', async () => {
    const { user, organization } = await createMember(server.knex);
    const colleague = await createUser(server.knex, { organizationId: organization.id });
    const stranger = (await createMember(server.knex)).user;
    const mine = await addNotification(server.knex, colleague);
    const theirs = await addNotification(server.knex, stranger);
    const client = await server.loginAs(user.email, TEST_PASSWORD);

    for (const id of [mine, theirs, randomUUID(), 'nao-e-um-id']) {
      const res = await client.put(`/api/notifications/${id}/read`);
      expect(res.status).toBe(404);
      expect(res.json.message).toBe(errorMessages.notFound);
    }
    const row = await server.knex('notifications').where('id', mine).first();
    expect(Boolean(row.read)).toBe(false);
  });

  it('read-all marks every unread one of the caller only', async () => {
    const { user, organization } = await createMember(server.knex);
    const colleague = await createUser(server.knex, { organizationId: organization.id });
    for (let i = 0; i < 3; i++) await addNotification(server.knex, user, { minutesAgo: i });
    await addNotification(server.knex, user, { read: true });
    const untouched = await addNotification(server.knex, colleague);
    const client = await server.loginAs(user.email, TEST_PASSWORD);

    const res = await client.put('/api/notifications/read-all');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ updated: 3 });
    expect((await client.get('/api/notifications')).json.unreadCount).toBe(0);
    expect((await client.put('/api/notifications/read-all')).json).toEqual({ updated: 0 });
    expect(Boolean((await server.knex('notifications').where('id', untouched).first()).read)).toBe(false);
  });
});

describe('GET/PUT /api/notifications/preferences', () => {
  it('answers the defaults, then round-trips a full replacement', async () => {
    const { user } = await createMember(server.knex, 'viewer');
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const initial = await client.get('/api/notifications/preferences');
    expect(initial.status).toBe(200);
    expect(initial.json).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(initial.json.notification_time).toBe('09:00');

    const wanted = {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      birthdays: false,
      push_notifications: false,
      notification_time: '08:30',
    };
    const put = await client.put('/api/notifications/preferences', wanted);
    expect(put.status).toBe(200);
    expect(put.json).toEqual(wanted);
    expect((await client.get('/api/notifications/preferences')).json).toEqual(wanted);

    // Replacing the whole object: omitted keys go back to their defaults.
    const partial = await client.put('/api/notifications/preferences', { cold_calls: false });
    expect(partial.json).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES, cold_calls: false });
    expect(await server.knex('notification_preferences').where('user_id', user.id)).toHaveLength(1);
  });

  it('rejects invalid values with field errors', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const res = await client.put('/api/notifications/preferences', {
      follow_ups: 'sim',
      notification_time: '25:00',
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('validation');
    expect(Object.keys(res.json.fieldErrors).sort()).toEqual(['follow_ups', 'notification_time']);
    expect((await client.get('/api/notifications/preferences')).json).toEqual(
      DEFAULT_NOTIFICATION_PREFERENCES,
    );
  });
});

describe('POST /api/notifications/register', () => {
  it('registers a device (201) and upserts by endpoint', async () => {
    const { user, organization } = await createMember(server.knex, 'viewer');
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const endpoint = `https://push.exemplo.pt/send/${randomUUID()}`;
    const deviceInfo = { userAgent: 'Mozilla/5.0', platform: 'Linux', language: 'pt-PT' };
    const first = await client.post('/api/notifications/register', {
      token: subscription(endpoint),
      deviceInfo,
    });
    expect(first.status).toBe(201);
    const device = pushDeviceSchema.parse(first.json);
    expect(device).toMatchObject({ userId: user.id, organizationId: organization.id, endpoint, deviceInfo });

    const again = await client.post('/api/notifications/register', {
      token: subscription(endpoint),
      deviceInfo: { ...deviceInfo, language: 'en' },
    });
    expect(again.status).toBe(201);
    expect(again.json.id).toBe(device.id);
    expect(again.json.deviceInfo.language).toBe('en');

    expect(await server.knex('push_devices').where('endpoint', endpoint)).toHaveLength(1);
  });

  it("never moves another user's endpoint to the caller; the owner's unregister frees it", async () => {
    const { user } = await createMember(server.knex);
    const owner = await server.loginAs(user.email, TEST_PASSWORD);
    const endpoint = `https://push.exemplo.pt/send/${randomUUID()}`;
    expect((await owner.post('/api/notifications/register', { token: subscription(endpoint) })).status).toBe(
      201,
    );

    const other = (await createMember(server.knex)).user;
    const intruder = await server.loginAs(other.email, TEST_PASSWORD);
    const taken = await intruder.post('/api/notifications/register', { token: subscription(endpoint) });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe(errorMessages.pushEndpointTaken);
    // Nor can the intruder unregister it.
    expect((await intruder.post('/api/notifications/unregister', { endpoint })).status).toBe(200);
    const rows = await server.knex('push_devices').where('endpoint', endpoint);
    expect(rows.map((r) => r.user_id)).toEqual([user.id]);

    expect((await owner.post('/api/notifications/unregister', { endpoint })).status).toBe(200);
    expect(await server.knex('push_devices').where('endpoint', endpoint)).toHaveLength(0);
    const freed = await intruder.post('/api/notifications/register', { token: subscription(endpoint) });
    expect(freed.status).toBe(201);
    expect(freed.json.userId).toBe(other.id);
  });

  it('rejects a missing or malformed token', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const missing = await client.post('/api/notifications/register', { deviceInfo: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.fieldErrors.token).toBe('Token do dispositivo é obrigatório');
    const garbage = await client.post('/api/notifications/register', { token: 'not-a-subscription' });
    expect(garbage.status).toBe(400);
    expect(garbage.json.fieldErrors).toHaveProperty('token');
    expect(await server.knex('push_devices').where('user_id', user.id)).toHaveLength(0);
  });
});

describe('GET /api/notifications/vapid-public-key', () => {
  it('answers the same generated key every time, kept in server_settings', async () => {
    const { user } = await createMember(server.knex, 'viewer');
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const first = await client.get('/api/notifications/vapid-public-key');
    expect(first.status).toBe(200);
    expect(first.json.publicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
    expect((await client.get('/api/notifications/vapid-public-key')).json.publicKey).toBe(
      first.json.publicKey,
    );
    const stored = await server.knex('server_settings').where('key', 'vapid_keys').first();
    expect(JSON.parse(stored.value).publicKey).toBe(first.json.publicKey);
  });
});
