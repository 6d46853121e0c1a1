import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_UP_TYPES, INTERACTION_TYPES, type SyncTable } from '@casa/shared-schema';
import { createMember, createUser, TEST_PASSWORD } from '../../../test/factories';
import { startTestServer, TestClient, type TestServer } from '../../../test/server';
import { createApp } from '../../app';
import { requestListener } from '../../http/listener';
import { encodeCursor } from './sync-cursor';
import { pullPage, Replica } from './sync.testkit';

let server: TestServer;
let orgId: string;
let agentId: string;
let agent: TestClient;
let other: TestClient;
let otherClientId: string;

const soon = () => new Date(Date.now() + 86_400_000).toISOString();

async function newClient(http: TestClient, name: string): Promise<string> {
  const res = await http.post('/api/clients', { id: randomUUID(), name, type: 'Vendedor' });
  expect(res.status, res.text).toBe(201);
  return res.json.id as string;
}

/** Every live row of the organization, as the REST list routes answer them (ids per collection). */
async function restIds(http: TestClient): Promise<Partial<Record<SyncTable, string[]>>> {
  const get = async (path: string) => {
    const res = await http.get(path);
    expect(res.status, res.text).toBe(200);
    return res.json as Array<{ id: string }>;
  };
  return {
    clients: (await get('/api/clients')).map((c) => c.id).sort(),
    tags: (await get('/api/tags')).map((t) => t.id).sort(),
    followUps: (await get('/api/followups')).map((f) => f.id).sort(),
  };
}

const idsOf = (replica: Replica, table: SyncTable) => [...replica.rows(table).keys()].sort();

beforeAll(async () => {
  server = await startTestServer();
  const member = await createMember(server.knex, 'agent');
  orgId = member.organization.id;
  agentId = member.user.id;
  agent = await server.loginAs(member.user.email, TEST_PASSWORD);
  const stranger = await createMember(server.knex, 'admin');
  other = await server.loginAs(stranger.user.email, TEST_PASSWORD);
  otherClientId = await newClient(other, 'Cliente Alheio');

  const tag = await agent.post('/api/tags', { id: randomUUID(), name: 'Praia', color: '#ef4444' });
  expect(tag.status, tag.text).toBe(201);
  for (let i = 0; i < 7; i++) {
    const clientId = await newClient(agent, `Cliente ${i}`);
    const fu = await agent.post('/api/followups', {
      clientId,
      title: `Ligar ${i}`,
      type: FOLLOW_UP_TYPES[0],
      scheduledDate: soon(),
    });
    expect(fu.status, fu.text).toBe(201);
  }
  const gone = await newClient(agent, 'Cliente Apagado');
  expect((await agent.delete(`/api/clients/${gone}`)).status).toBe(200);
});

afterAll(async () => {
  await server?.close();
});

describe('GET /api/sync/pull', () => {
  it('needs a session', async () => {
    const res = await server.client().get('/api/sync/pull');
    expect(res.status).toBe(401);
  });

  it('answers a first snapshot page with reset and REST-shaped rows, never secret columns', async () => {
    const page = await pullPage(agent);
    expect(page.reset).toBe(true);
    expect(page.hasMore).toBe(false);
    const byTable = (table: SyncTable) => page.changes.filter((c) => c.table === table);
    const client = byTable('clients')[0];
    expect(client).toMatchObject({ op: 'put', row: { organizationId: orgId, type: 'Vendedor' } });
    expect(JSON.stringify(page)).not.toMatch(/searchText|search_text|passwordHash|password_hash|argon2/);
    const me = byTable('users').find((c) => c.id === agentId);
    expect(me && me.op === 'put' && Object.keys(me.row).sort()).toEqual(
      [
        'bio',
        'createdAt',
        'email',
        'firstName',
        'id',
        'lastName',
        'organizationId',
        'phone',
        'profileImageUrl',
        'role',
        'status',
        'updatedAt',
      ].sort(),
    );
    expect(byTable('userSettings')).toEqual([
      expect.objectContaining({
        id: agentId,
        row: expect.objectContaining({ id: agentId, appearance: expect.any(Object) }),
      }),
    ]);
    expect(byTable('notificationPreferences')).toEqual([
      expect.objectContaining({ id: agentId, row: expect.objectContaining({ follow_ups: true }) }),
    ]);
  });

  it('pages a snapshot with a small limit: every live row exactly once, no deleted row', async () => {
    const replica = new Replica(agent);
    const pages = await replica.sync(3);
    expect(pages.length).toBeGreaterThan(5);
    expect(pages.map((p) => p.reset)).toEqual([true, ...pages.slice(1).map(() => false)]);
    expect(pages.every((p) => p.changes.length <= 3)).toBe(true);
    const seen = pages.flatMap((p) => p.changes.map((c) => `${c.table}:${c.id}`));
    expect(new Set(seen).size).toBe(seen.length);
    // The first page announces how many rows the snapshot brings (the device's progress); no other does.
    expect(pages[0]!.total).toBe(seen.length);
    expect(pages.slice(1).every((p) => p.total === undefined)).toBe(true);
    const rest = await restIds(agent);
    expect(idsOf(replica, 'clients')).toEqual(rest.clients);
    expect(idsOf(replica, 'tags')).toEqual(rest.tags);
    expect(idsOf(replica, 'followUps')).toEqual(rest.followUps);
    expect(rest.clients).toHaveLength(7);
  });

  it('converges when rows change in the middle of a snapshot', async () => {
    const replica = new Replica(agent);
    const first = await pullPage(agent, undefined, 4);
    replica.apply(first);
    const added = await newClient(agent, 'Cliente Durante');
    const victim = (await restIds(agent)).clients!.filter((id) => id !== added).at(-1)!;
    expect((await agent.delete(`/api/clients/${victim}`)).status).toBe(200);
    const renamed = (await restIds(agent)).clients!.find((id) => id !== added)!;
    expect((await agent.put(`/api/clients/${renamed}`, { name: 'Nome Novo' })).status).toBe(200);
    await replica.sync(4);
    const rest = await restIds(agent);
    expect(idsOf(replica, 'clients')).toEqual(rest.clients);
    expect(idsOf(replica, 'followUps')).toEqual(rest.followUps);
    expect(replica.rows('clients').has(added)).toBe(true);
    expect(replica.rows('clients').get(renamed)).toMatchObject({ name: 'Nome Novo' });
  });

  it('sends deltas after REST writes, collapsed, with tombstones', async () => {
    const replica = new Replica(agent);
    await replica.sync();
    const id = await newClient(agent, 'Cliente Delta');
    expect((await agent.put(`/api/clients/${id}`, { name: 'Delta 2' })).status).toBe(200);
    expect((await agent.put(`/api/clients/${id}`, { name: 'Delta 3' })).status).toBe(200);
    const [delta] = await replica.sync();
    expect(delta!.reset).toBe(false);
    expect(delta!.changes).toEqual([
      { op: 'put', table: 'clients', id, row: expect.objectContaining({ name: 'Delta 3' }) },
    ]);

    const fu = await agent.post('/api/followups', {
      clientId: id,
      title: 'Visita',
      type: FOLLOW_UP_TYPES[0],
      scheduledDate: soon(),
    });
    expect((await agent.delete(`/api/clients/${id}`)).status).toBe(200);
    const [gone] = await replica.sync();
    expect(gone!.changes).toEqual(
      expect.arrayContaining([
        { op: 'delete', table: 'clients', id },
        { op: 'delete', table: 'followUps', id: fu.json.id },
      ]),
    );
    expect(replica.rows('clients').has(id)).toBe(false);
    const [empty] = await replica.sync();
    expect(empty).toMatchObject({ changes: [], hasMore: false, reset: false });
  });

  it('pages deltas by limit', async () => {
    const replica = new Replica(agent);
    await replica.sync();
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await newClient(agent, `Lote ${i}`));
    const pages = await replica.sync(2);
    expect(pages.map((p) => p.changes.length)).toEqual([2, 2, 1]);
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, false]);
    for (const id of ids) expect(replica.rows('clients').has(id)).toBe(true);
  });

  it("treats another organization's, malformed or future cursors as none (reset), and never leaks", async () => {
    const theirs = await pullPage(other);
    expect(JSON.stringify(theirs)).toContain(otherClientId);
    for (const cursor of [
      theirs.cursor,
      'garbage',
      'd1.x.y.1',
      encodeCursor({ organizationId: orgId, userId: agentId }, { kind: 'delta', seq: 10 ** 9 }),
    ]) {
      const page = await pullPage(agent, cursor);
      expect(page.reset, cursor).toBe(true);
      expect(JSON.stringify(page)).not.toContain(otherClientId);
    }
  });

  it('keeps a cursor valid across server processes (it is plain data)', async () => {
    const replica = new Replica(agent);
    await replica.sync();
    const id = await newClient(agent, 'Outro Processo');
    // A second app over the same database (another process in production) continues the cursor.
    const app = createApp({ knex: server.knex, env: server.env, logger: pino({ level: 'silent' }) });
    const http = createServer(requestListener(app));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    try {
      const elsewhere = new TestClient(`http://127.0.0.1:${(http.address() as AddressInfo).port}`);
      for (const [name, value] of agent.cookies) elsewhere.cookies.set(name, value);
      const page = await pullPage(elsewhere, replica.cursor);
      expect(page.reset).toBe(false);
      expect(page.changes.map((c) => c.id)).toEqual([id]);
    } finally {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      app.dispose();
    }
  });

  it('lets a viewer pull; notifications, settings and preferences are the own user’s only', async () => {
    const viewerUser = await createUser(server.knex, { organizationId: orgId, role: 'viewer' });
    const viewer = await server.loginAs(viewerUser.email, TEST_PASSWORD);
    const now = new Date().toISOString();
    const mine = randomUUID();
    const theirs = randomUUID();
    await server.knex('notifications').insert(
      [
        [mine, agentId],
        [theirs, viewerUser.id],
      ].map(([id, userId]) => ({
        id,
        organization_id: orgId,
        user_id: userId,
        type: 'system',
        title: 'Aviso',
        read: false,
        created_at: now,
        updated_at: now,
      })),
    );
    const replica = new Replica(viewer);
    await replica.sync();
    expect(idsOf(replica, 'notifications')).toEqual([theirs]);
    expect(idsOf(replica, 'userSettings')).toEqual([viewerUser.id]);
    expect(idsOf(replica, 'users')).toContain(agentId);

    // The agent's settings and preferences change: the viewer's deltas do not carry them.
    expect((await agent.put('/api/user/settings', { appearance: { theme: 'dark' } })).status).toBe(200);
    const prefs = await agent.put('/api/notifications/preferences', { birthdays: false });
    expect(prefs.status, prefs.text).toBe(200);
    const [viewerDelta] = await replica.sync();
    expect(viewerDelta!.changes).toEqual([]);
    const agentReplica = new Replica(agent);
    await agentReplica.sync();
    expect(agentReplica.rows('userSettings').get(agentId)).toMatchObject({ appearance: { theme: 'dark' } });
    expect(agentReplica.rows('notificationPreferences').get(agentId)).toMatchObject({ birthdays: false });
  });

  it('sends member changes (profile, role) as users rows and a removed member as a tombstone', async () => {
    const adminUser = await createUser(server.knex, { organizationId: orgId, role: 'admin' });
    const admin = await server.loginAs(adminUser.email, TEST_PASSWORD);
    const memberUser = await createUser(server.knex, { organizationId: orgId, role: 'agent' });
    const replica = new Replica(agent);
    await replica.sync();

    const profile = await agent.put('/api/profile', {
      firstName: 'Joana',
      email: `joana.${Date.now()}@exemplo.pt`,
      currentPassword: TEST_PASSWORD, // a new email needs it
    });
    expect(profile.status, profile.text).toBe(200);
    const role = await admin.put(`/api/organization/users/${memberUser.id}`, { role: 'viewer' });
    expect(role.status, role.text).toBe(200);
    await replica.sync();
    expect(replica.rows('users').get(agentId)).toMatchObject({ firstName: 'Joana' });
    expect(replica.rows('users').get(memberUser.id)).toMatchObject({ role: 'viewer' });

    expect((await admin.delete(`/api/organization/users/${memberUser.id}`)).status).toBe(204);
    const [removed] = await replica.sync();
    expect(removed!.changes).toEqual([{ op: 'delete', table: 'users', id: memberUser.id }]);
  });

  it('a member moved to another organization by the super admin leaves one log and enters the other', async () => {
    const superUser = await createUser(server.knex, { isSuperAdmin: true });
    const superAdmin = await server.loginAs(superUser.email, TEST_PASSWORD);
    const moving = await createUser(server.knex, { organizationId: orgId, role: 'agent' });
    const here = new Replica(agent);
    const there = new Replica(other);
    await here.sync();
    await there.sync();
    expect(here.rows('users').has(moving.id)).toBe(true);
    const theirOrg = (await other.get('/api/auth/me')).json.organizationId as string;
    const res = await superAdmin.put(`/api/saas/users/${moving.id}`, { organizationId: theirOrg });
    expect(res.status, res.text).toBe(200);
    const [left] = await here.sync();
    expect(left!.changes).toEqual([{ op: 'delete', table: 'users', id: moving.id }]);
    await there.sync();
    expect(there.rows('users').get(moving.id)).toMatchObject({ organizationId: theirOrg });
  });

  it('refuses a pull with an invalid limit', async () => {
    expect((await agent.get('/api/sync/pull?limit=0')).status).toBe(400);
    expect((await agent.get('/api/sync/pull?limit=100000')).status).toBe(400);
  });
});

describe('interactions in a snapshot', () => {
  it('come with their client', async () => {
    const clientId = await newClient(agent, 'Cliente Interação');
    const res = await agent.post(`/api/clients/${clientId}/interactions`, {
      type: INTERACTION_TYPES[0],
      summary: 'Conversa',
    });
    expect(res.status, res.text).toBe(201);
    const replica = new Replica(agent);
    await replica.sync(50);
    expect(replica.rows('interactions').get(res.json.id)).toMatchObject({ clientId, summary: 'Conversa' });
  });
});
