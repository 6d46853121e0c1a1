import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  errorMessages,
  maintenanceStatusSchema,
  systemLogsResponseSchema,
  systemSettingsSchema,
  systemStatusSchema,
} from '@casa/shared-schema';
import { TEST_DIALECT } from '../../../test/db';
import { createClient, createMember, createUser, TEST_PASSWORD } from '../../../test/factories';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';

let server: TestServer;
let superClient: TestClient;
let agentClient: TestClient;
let agentEmail: string;
let superEmail: string;

beforeAll(async () => {
  server = await startTestServer();
  const superAdmin = await createUser(server.knex, { role: 'super_admin' });
  superEmail = superAdmin.email;
  superClient = await server.loginAs(superAdmin.email, TEST_PASSWORD);
  const { user } = await createMember(server.knex, 'agent');
  agentEmail = user.email;
  agentClient = await server.loginAs(user.email, TEST_PASSWORD);
});
afterAll(() => server.close());

/** Every test leaves maintenance off (the settings cache is per process and dropped on save). */
afterEach(async () => {
  await superClient.put('/api/system/settings', {
    maintenance: { enabled: false, scheduledStart: null, scheduledEnd: null },
    security: { maxLoginAttempts: 5 },
  });
});

describe('system status', () => {
  it('answers measured figures: uptime, database size, record counts, last backup', async () => {
    const { organization } = await createMember(server.knex, 'admin');
    await createClient(server.knex, organization.id);
    await createClient(server.knex, organization.id, { deletedAt: new Date().toISOString() });
    const res = await superClient.get('/api/system/status');
    expect(res.status).toBe(200);
    const status = systemStatusSchema.parse(res.json);
    expect(status.database.client).toBe(TEST_DIALECT);
    expect(status.database.sizeBytes).toBeGreaterThan(10_000);
    const clients = status.database.tables.find((t) => t.table === 'clients')!;
    const [{ n }] = (await server.knex('clients').whereNull('deleted_at').count({ n: '*' })) as [
      { n: number },
    ];
    expect(clients.count).toBe(Number(n));
    expect(status.database.totalRecords).toBe(status.database.tables.reduce((s, t) => s + t.count, 0));
    expect(status.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(Date.parse(status.startedAt)).toBeLessThanOrEqual(Date.now());
    expect(status.lastBackup).toBeNull();
  });

  it('is for super admins only', async () => {
    for (const p of [
      '/api/system/status',
      '/api/system/settings',
      '/api/system/backups',
      '/api/system/logs',
    ]) {
      const res = await agentClient.get(p);
      expect(res.status, p).toBe(403);
      expect(res.json.message).toBe(errorMessages.forbidden);
    }
    expect((await server.client().get('/api/system/status')).status).toBe(401);
  });
});

describe('system settings', () => {
  it('answers the defaults, then saves a section merged over the rest', async () => {
    const before = systemSettingsSchema.parse((await superClient.get('/api/system/settings')).json);
    expect(before.security).toEqual({ sessionTimeoutMinutes: 60, maxLoginAttempts: 5 });
    expect(before.maintenance.message).toBe(errorMessages.maintenanceMessageDefault);
    expect(before.notifications).toMatchObject({
      systemFailures: true,
      newOrganizations: true,
      weeklyReports: false,
    });
    const saved = await superClient.put('/api/system/settings', { notifications: { weeklyReports: true } });
    expect(saved.status).toBe(200);
    expect(saved.json.notifications.weeklyReports).toBe(true);
    expect(saved.json.notifications.systemFailures).toBe(true);
    expect(saved.json.security).toEqual(before.security);
    await superClient.put('/api/system/settings', { notifications: { weeklyReports: false } });
  });

  it('refuses bad values with field errors and keeps the saved ones', async () => {
    const res = await superClient.put('/api/system/settings', {
      security: { maxLoginAttempts: 0 },
      notifications: { adminEmail: 'não-é-email' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.fieldErrors ?? {})).toEqual(
      expect.arrayContaining(['security.maxLoginAttempts', 'notifications.adminEmail']),
    );
    const now = systemSettingsSchema.parse((await superClient.get('/api/system/settings')).json);
    expect(now.security.maxLoginAttempts).toBe(5);
  });

  it('refuses writes from other roles', async () => {
    const res = await agentClient.put('/api/system/settings', { maintenance: { enabled: true } });
    expect(res.status).toBe(403);
  });

  it('applies the maximum login attempts to the lockout', async () => {
    await superClient.put('/api/system/settings', { security: { maxLoginAttempts: 2 } });
    const { user } = await createMember(server.knex, 'agent');
    const visitor = server.client();
    for (let i = 0; i < 2; i++) {
      expect((await visitor.post('/api/auth/login', { email: user.email, password: 'errada' })).status).toBe(
        401,
      );
    }
    expect(
      (await visitor.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status,
    ).toBe(429);
  });
});

describe('maintenance mode', () => {
  it('keeps everyone but the super admins out with the configured message, and lets them back after', async () => {
    const message = 'Voltamos às 14:00.';
    const on = await superClient.put('/api/system/settings', { maintenance: { enabled: true, message } });
    expect(on.status).toBe(200);

    const blocked = await agentClient.get('/api/auth/me');
    expect(blocked.status).toBe(503);
    expect(blocked.json).toMatchObject({ code: 'maintenance', message });
    expect((await agentClient.post('/api/sync/push', { clientId: 'x', mutations: [] })).status).toBe(503);
    const login = await server
      .client()
      .post('/api/auth/login', { email: agentEmail, password: TEST_PASSWORD });
    expect(login.status).toBe(503);
    expect(login.json.message).toBe(message);
    expect(login.headers.getSetCookie().some((c) => c.startsWith('casa.sid='))).toBe(false);
    expect((await server.client().post('/api/auth/register', {})).status).toBe(503);

    const status = maintenanceStatusSchema.parse((await server.client().get('/api/system/maintenance')).json);
    expect(status).toMatchObject({ active: true, message });
    expect((await superClient.get('/api/auth/me')).status).toBe(200);
    expect(
      (await server.client().post('/api/auth/login', { email: superEmail, password: TEST_PASSWORD })).status,
    ).toBe(200);
    expect((await server.client().get('/api/health')).status).toBe(200);

    await superClient.put('/api/system/settings', { maintenance: { enabled: false } });
    expect((await agentClient.get('/api/auth/me')).status).toBe(200);
    const history = await superClient.get('/api/system/maintenance/history');
    expect(history.json.slice(0, 2).map((e: { enabled: boolean }) => e.enabled)).toEqual([false, true]);
    expect(history.json[1]).toMatchObject({ message, byEmail: superEmail });
  });

  it('applies a scheduled window only while it lasts', async () => {
    const inAnHour = new Date(Date.now() + 3600_000).toISOString();
    const inTwoHours = new Date(Date.now() + 7200_000).toISOString();
    await superClient.put('/api/system/settings', {
      maintenance: { scheduledStart: inAnHour, scheduledEnd: inTwoHours },
    });
    expect((await agentClient.get('/api/auth/me')).status).toBe(200);
    const started = new Date(Date.now() - 60_000).toISOString();
    await superClient.put('/api/system/settings', {
      maintenance: { scheduledStart: started, scheduledEnd: inTwoHours },
    });
    expect((await agentClient.get('/api/auth/me')).status).toBe(503);
    const bad = await superClient.put('/api/system/settings', {
      maintenance: { scheduledStart: inTwoHours, scheduledEnd: inAnHour },
    });
    expect(bad.status).toBe(400);
  });
});

describe('backups', () => {
  it('writes a consistent, complete copy of the database and lists it', async () => {
    const { organization } = await createMember(server.knex, 'admin');
    await createClient(server.knex, organization.id, { name: 'Cliente do Backup' });
    const res = await superClient.post('/api/system/backups');
    expect(res.status).toBe(201);
    expect(res.json.name).toMatch(TEST_DIALECT === 'pg' ? /\.dump$/ : /\.sqlite$/);
    const file = path.join(server.env.BACKUP_DIR, res.json.name as string);
    expect(fs.statSync(file).size).toBe(res.json.sizeBytes);
    if (TEST_DIALECT === 'sqlite') {
      const copy = new Database(file, { readonly: true });
      const row = copy.prepare('select name from clients where name = ?').get('Cliente do Backup');
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      copy.close();
      expect(row).toEqual({ name: 'Cliente do Backup' });
    } else {
      expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');
    }
    const list = await superClient.get('/api/system/backups');
    expect(list.json[0]).toEqual(res.json);
    const status = systemStatusSchema.parse((await superClient.get('/api/system/status')).json);
    expect(status.lastBackup?.name).toBe(res.json.name);
    const download = await superClient.get(`/api/system/backups/${res.json.name}`);
    expect(download.status).toBe(200);
    expect(download.buffer.length).toBe(res.json.sizeBytes);
  });

  it('serves only listed backup names', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'casa-20260101-000000.sqlite', 'x.sqlite']) {
      const res = await superClient.get(`/api/system/backups/${name}`);
      expect(res.status, name).toBe(404);
    }
  });
});

describe('logs', () => {
  it('answers the recent request lines, newest first', async () => {
    await agentClient.get('/api/notifications');
    const res = await superClient.get('/api/system/logs?limit=20');
    expect(res.status).toBe(200);
    const { lines } = systemLogsResponseSchema.parse(res.json);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(20);
    expect(lines.some((l) => l.path === 'GET /api/notifications' && l.status === 200)).toBe(true);
    const times = lines.map((l) => l.time);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('refuses a limit outside 1–500 with a field error', async () => {
    const res = await superClient.get('/api/system/logs?limit=0');
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.fieldErrors ?? {})).toEqual(['limit']);
  });
});

describe('maintenance answers are not logged as server faults', () => {
  it('logs no error line for a 503 maintenance answer', async () => {
    await superClient.put('/api/system/settings', { maintenance: { enabled: true } });
    const before = server.logs.length;
    expect((await agentClient.get('/api/clients')).status).toBe(503);
    const errors = server.logs.slice(before).filter((l) => (l.level as number) >= 50);
    expect(errors).toEqual([]);
  });
});
