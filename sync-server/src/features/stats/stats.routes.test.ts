import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientStatsSchema,
  coldCallStatsSchema,
  errorMessages,
  followUpStatsSchema,
  organizationStatsSchema,
} from '@casa/shared-schema';
import { createMember, createUser, TEST_PASSWORD } from '../../../test/factories';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { insertSearchableClients } from '../search/search.fixtures';
import { insertColdCall } from './stats.fixtures';

let server: TestServer;
let agent: TestClient;
let orgId: string;
let otherOrgId: string;

beforeAll(async () => {
  server = await startTestServer();
  const member = await createMember(server.knex, 'agent');
  orgId = member.organization.id;
  agent = await server.loginAs(member.user.email, TEST_PASSWORD);
  await insertSearchableClients(server.knex, orgId, [
    { name: 'Ana', type: 'Comprador' },
    { name: 'Rui', type: 'Investidor' },
  ]);
  const now = new Date().toISOString();
  await insertColdCall(server.knex, orgId, { calledAt: now, result: 'Interessado' });
  await insertColdCall(server.knex, orgId, { calledAt: now, result: 'Recusou' });
  otherOrgId = (await createMember(server.knex, 'agent', { name: 'Outra Imobiliária' })).organization.id;
  await insertSearchableClients(
    server.knex,
    otherOrgId,
    Array.from({ length: 3 }, (_, i) => ({ name: `Outro ${i}`, type: 'Vendedor' as const })),
  );
  for (let i = 0; i < 3; i++)
    await insertColdCall(server.knex, otherOrgId, { calledAt: now, result: 'Interessado' });
});
afterAll(() => server.close());

describe('GET /api/stats/*', () => {
  it('answers the stat shapes, counting only the session organization', async () => {
    const clients = await agent.get('/api/stats/clients');
    expect(clients.status).toBe(200);
    expect(clientStatsSchema.parse(clients.json)).toMatchObject({
      totalClients: 2,
      recentClients: 2,
      clientsByType: { Comprador: 1, Vendedor: 0, Investidor: 1 },
      clientsThisMonth: 2,
    });
    const followups = await agent.get('/api/stats/followups');
    expect(followUpStatsSchema.parse(followups.json)).toMatchObject({ todayCount: 0, pendingCount: 0 });
    const calls = await agent.get('/api/stats/coldcalls');
    expect(coldCallStatsSchema.parse(calls.json)).toMatchObject({
      totalCalls: 2,
      callsToday: 2,
      conversionRate: 50,
      activeCampaigns: 0,
    });
  });

  it('accepts ?period=7d|30d|90d|1y and rejects other values', async () => {
    const res = await agent.get('/api/stats/clients?period=90d');
    expect(res.status).toBe(200);
    expect(res.json.period).toMatchObject({ period: '90d', count: 2, previousCount: 0 });
    expect((await agent.get('/api/stats/coldcalls?period=1y')).json.period).toMatchObject({
      conversionRate: 50,
    });
    expect((await agent.get('/api/stats/followups?period=5d')).status).toBe(400);
  });

  it('is open to viewers, needs a session, and needs an organization', async () => {
    const viewer = await createUser(server.knex, { organizationId: orgId, role: 'viewer' });
    const viewerClient = await server.loginAs(viewer.email, TEST_PASSWORD);
    expect((await viewerClient.get('/api/stats/followups')).status).toBe(200);
    for (const path of ['/api/stats/clients', '/api/stats/followups', '/api/stats/coldcalls']) {
      expect((await server.client().get(path)).status).toBe(401);
    }
    const admin = await createUser(server.knex, { role: 'super_admin' });
    expect((await (await server.loginAs(admin.email, TEST_PASSWORD)).get('/api/stats/clients')).status).toBe(
      403,
    );
  });
});

describe('GET /api/organization/stats', () => {
  it('answers counts and a storage measure that grows with the organization’s data', async () => {
    const { organization, user } = await createMember(server.knex, 'admin');
    await server.knex('users').where('id', user.id).update({ last_login_at: '2020-01-01T00:00:00.000Z' });
    await createUser(server.knex, { organizationId: organization.id, role: 'viewer' });
    const admin = await server.loginAs(user.email, TEST_PASSWORD); // login sets last_login_at to now
    const first = await admin.get('/api/organization/stats');
    expect(first.status).toBe(200);
    const before = organizationStatsSchema.parse(first.json);
    expect(before).toMatchObject({ userCount: 2, clientCount: 0, activeUsers: 1 });
    expect(before.storageUsed).toBeGreaterThan(0);

    await insertSearchableClients(server.knex, organization.id, [
      { name: 'Nota longa', notes: 'x'.repeat(10_000) },
    ]);
    const afterClient = organizationStatsSchema.parse((await admin.get('/api/organization/stats')).json);
    expect(afterClient.clientCount).toBe(1);
    expect(afterClient.storageUsed - before.storageUsed).toBeGreaterThan(10_000);

    await server.knex('user_photos').insert({
      user_id: user.id,
      mime_type: 'image/png',
      size: 50_000,
      data: Buffer.alloc(50_000),
      updated_at: new Date().toISOString(),
    });
    const afterPhoto = organizationStatsSchema.parse((await admin.get('/api/organization/stats')).json);
    expect(afterPhoto.storageUsed - afterClient.storageUsed).toBeGreaterThanOrEqual(50_000);

    // Another organization's data does not change this organization's figures.
    await insertSearchableClients(server.knex, otherOrgId, [{ name: 'Alheio', notes: 'y'.repeat(5000) }]);
    expect(organizationStatsSchema.parse((await admin.get('/api/organization/stats')).json)).toEqual(
      afterPhoto,
    );
  });

  it('is for organization admins (403 for agents and viewers, 401 without session)', async () => {
    expect((await agent.get('/api/organization/stats')).status).toBe(403);
    const viewer = await createUser(server.knex, { organizationId: orgId, role: 'viewer' });
    const res = await (await server.loginAs(viewer.email, TEST_PASSWORD)).get('/api/organization/stats');
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(errorMessages.forbidden);
    expect((await server.client().get('/api/organization/stats')).status).toBe(401);
  });

  it('lets a super admin read any organization by ?organizationId=', async () => {
    const admin = await server.loginAs(
      (await createUser(server.knex, { role: 'super_admin' })).email,
      TEST_PASSWORD,
    );
    expect((await admin.get('/api/organization/stats')).status).toBe(403);
    const res = await admin.get(`/api/organization/stats?organizationId=${otherOrgId}`);
    expect(res.status).toBe(200);
    expect(res.json.clientCount).toBeGreaterThanOrEqual(3);
    expect(
      (await admin.get('/api/organization/stats?organizationId=00000000-0000-0000-0000-00000000abcd')).status,
    ).toBe(404);
  });

  it('reflects a write at once (the cache follows the change log)', async () => {
    const before = clientStatsSchema.parse((await agent.get('/api/stats/clients')).json);
    const calls = coldCallStatsSchema.parse((await agent.get('/api/stats/coldcalls')).json);
    const created = await agent.post('/api/clients', { name: 'Nova Cache', type: 'Vendedor' });
    expect(created.status).toBe(201);
    const after = clientStatsSchema.parse((await agent.get('/api/stats/clients')).json);
    expect(after.totalClients).toBe(before.totalClients + 1);
    expect(after.clientsByType.Vendedor).toBe(before.clientsByType.Vendedor + 1);
    expect(after.recentClients).toBe(before.recentClients + 1);

    const call = await agent.post('/api/coldcalls', { clientId: created.json.id, result: 'Interessado' });
    expect(call.status).toBe(201);
    const callsAfter = coldCallStatsSchema.parse((await agent.get('/api/stats/coldcalls')).json);
    expect(callsAfter.totalCalls).toBe(calls.totalCalls + 1);
    expect(callsAfter.callsToday).toBe(calls.callsToday + 1);

    expect((await agent.delete(`/api/clients/${created.json.id}`)).status).toBe(200);
    expect(clientStatsSchema.parse((await agent.get('/api/stats/clients')).json).totalClients).toBe(
      before.totalClients,
    );
  });
});
