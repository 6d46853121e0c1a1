import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignClientsResponseSchema,
  campaignSchema,
  errorMessages,
  validationMessages,
} from '@casa/shared-schema';
import { createMember, createUser, TEST_PASSWORD } from '../../../test/factories';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DAY = 86_400_000;

type Member = Awaited<ReturnType<typeof createMember>> & { http: TestClient };

async function member(role: 'agent' | 'viewer' = 'agent'): Promise<Member> {
  const m = await createMember(server.knex, role);
  return { ...m, http: await server.loginAs(m.user.email, TEST_PASSWORD) };
}

async function insertClient(
  knex: Knex,
  organizationId: string,
  c: {
    name: string;
    type?: string;
    rating?: number;
    phone?: string | null;
    customFields?: object;
    contactDaysAgo?: number;
    callDaysAgo?: number;
  },
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await knex('clients').insert({
    id,
    organization_id: organizationId,
    name: c.name,
    type: c.type ?? 'Comprador',
    rating: c.rating ?? 0,
    phone: c.phone === undefined ? '912000000' : c.phone,
    custom_fields: JSON.stringify(c.customFields ?? {}),
    tags: JSON.stringify([]),
    created_at: now,
    updated_at: now,
  });
  if (c.contactDaysAgo !== undefined) {
    const at = new Date(Date.now() - c.contactDaysAgo * DAY).toISOString();
    await knex('client_interactions').insert({
      id: randomUUID(),
      organization_id: organizationId,
      client_id: id,
      type: 'Chamada',
      created_at: at,
      updated_at: at,
    });
  }
  if (c.callDaysAgo !== undefined) {
    const at = new Date(Date.now() - c.callDaysAgo * DAY).toISOString();
    await knex('cold_calls').insert({
      id: randomUUID(),
      organization_id: organizationId,
      client_id: id,
      called_at: at,
      created_at: at,
      updated_at: at,
    });
  }
  return id;
}

async function create(m: Member, body: Record<string, unknown>) {
  const res = await m.http.post('/api/campaigns', { name: 'Campanha', targetCount: 20, ...body });
  expect(res.status).toBe(201);
  return campaignSchema.parse(res.json);
}

async function members(m: Member, campaignId: string): Promise<string[]> {
  const res = await m.http.get(`/api/campaigns/${campaignId}/clients`);
  expect(res.status).toBe(200);
  const lists = campaignClientsResponseSchema.parse(res.json);
  return [...lists.available, ...lists.contacted].map((c) => c.name);
}

describe('campaign list generator', () => {
  let m: Member;
  beforeAll(async () => {
    m = await member();
    const o = m.organization.id;
    await insertClient(server.knex, o, {
      name: 'c1',
      rating: 5,
      customFields: { zone: 'Lisboa - Alvalade', budget: 300000 },
    });
    await insertClient(server.knex, o, {
      name: 'c2',
      type: 'Vendedor',
      rating: 2,
      customFields: { location: 'Porto', propertyValue: '150000' },
      contactDaysAgo: 10,
    });
    await insertClient(server.knex, o, {
      name: 'c3',
      type: 'Investidor',
      rating: 4,
      customFields: { preferredZones: 'Cascais, LISBOA', budget: 500000 },
      callDaysAgo: 100,
    });
    await insertClient(server.knex, o, {
      name: 'c4',
      rating: 5,
      phone: '  ',
      customFields: { zone: 'Lisboa' },
    });
    await insertClient(server.knex, o, { name: 'c5', rating: 3, contactDaysAgo: 40 });
    await insertClient(server.knex, o, { name: 'c6', rating: 5, phone: null });
  });

  const cases: [string, Record<string, unknown>, string[]][] = [
    [
      'no filter: only clients with a phone, never contacted then oldest contact first',
      {},
      ['c1', 'c3', 'c5', 'c2'],
    ],
    ['clientType', { clientType: 'Comprador' }, ['c1', 'c5']],
    ["clientType 'all'", { clientType: 'all' }, ['c1', 'c3', 'c5', 'c2']],
    ['minRating', { minRating: 4 }, ['c1', 'c3']],
    ['zone, case-insensitive substring of zone/location/preferredZones', { zone: 'lisboa' }, ['c1', 'c3']],
    ['zone on location', { zone: 'PORT' }, ['c2']],
    ['minBudget on budget or propertyValue', { minBudget: 200000 }, ['c1', 'c3']],
    ['maxBudget', { maxBudget: 200000 }, ['c2']],
    ['budget range', { minBudget: 100000, maxBudget: 400000 }, ['c1', 'c2']],
    ['lastContactDays 30', { lastContactDays: 30 }, ['c1', 'c3', 'c5']],
    ['lastContactDays 60', { lastContactDays: '60' }, ['c1', 'c3']],
    ["lastContactDays 'any'", { lastContactDays: 'any' }, ['c1', 'c3', 'c5', 'c2']],
  ];
  for (const [title, filters, expected] of cases) {
    it(`adds the matching clients: ${title}`, async () => {
      const c = await create(m, { filters });
      expect(c.totalClients).toBe(expected.length);
      expect(await members(m, c.id)).toEqual(expected);
    });
  }

  it('caps at targetCount, keeping the longest without contact', async () => {
    const c = await create(m, { filters: {}, targetCount: 2 });
    expect(c).toMatchObject({ targetCount: 2, totalClients: 2, completedCount: 0, status: 'active' });
    expect(await members(m, c.id)).toEqual(['c1', 'c3']);
  });

  it('keeps the previewed clientIds the device sent (live ones of the organization, in order, capped)', async () => {
    const byName = new Map(
      (
        (await server
          .knex('clients')
          .where('organization_id', m.organization.id)
          .select('id', 'name')) as Array<{
          id: string;
          name: string;
        }>
      ).map((r) => [r.name, r.id]),
    );
    const other = await createMember(server.knex, 'agent');
    const foreign = await insertClient(server.knex, other.organization.id, { name: 'foreign' });
    const ids = ['c5', 'c2', 'c5'].map((n) => byName.get(n)!);
    const c = await create(m, {
      filters: { minRating: 5 },
      targetCount: 3,
      clientIds: [foreign, ...ids, byName.get('c1')!, byName.get('c3')!],
    });
    // Not the server's ranking for minRating 5 (c1 only): the device's list, without the foreign client.
    expect((await members(m, c.id)).sort()).toEqual(['c1', 'c2', 'c5']);
    expect(c.totalClients).toBe(3);
  });

  it('lists campaigns with totals and sets the agent from the session', async () => {
    const c = await create(m, { name: 'Lista', filters: { minRating: 4 }, organizationId: randomUUID() });
    const list = await m.http.get('/api/campaigns');
    expect(list.status).toBe(200);
    const found = list.json.find((x: { id: string }) => x.id === c.id);
    expect(campaignSchema.parse(found)).toMatchObject({
      name: 'Lista',
      organizationId: m.organization.id,
      agentId: m.user.id,
      createdBy: m.user.id,
      totalClients: 2,
      totalCalls: 0,
      completedCount: 0,
      filters: { minRating: 4 },
    });
  });
});

describe('campaigns: validation, permissions, tenancy', () => {
  it('needs a session', async () => {
    const anon = server.client();
    expect((await anon.get('/api/campaigns')).status).toBe(401);
    expect((await anon.post('/api/campaigns', { name: 'x' })).status).toBe(401);
    expect((await anon.get(`/api/campaigns/${randomUUID()}/clients`)).status).toBe(401);
  });

  it('validates name and targetCount with the product messages', async () => {
    const m = await member();
    const res = await m.http.post('/api/campaigns', { name: ' ', targetCount: 0 });
    expect(res.status).toBe(400);
    expect(res.json.fieldErrors).toMatchObject({
      name: 'Nome da campanha é obrigatório',
      targetCount: validationMessages.targetCountMin1,
    });
    const res2 = await m.http.post('/api/campaigns', { name: 'x', filters: { minRating: 9 } });
    expect(res2.status).toBe(400);
  });

  it('is replay-safe with a client-generated id', async () => {
    const m = await member();
    await insertClient(server.knex, m.organization.id, { name: 'a' });
    const id = randomUUID();
    const first = await create(m, { id, filters: {} });
    const again = await create(m, { id, name: 'Outra', filters: {} });
    expect(again).toMatchObject({ id, name: first.name, totalClients: 1 });
    expect(await server.knex('campaign_clients').where({ campaign_id: id })).toHaveLength(1);
  });

  it('forbids viewers to write', async () => {
    const m = await member();
    const clientId = await insertClient(server.knex, m.organization.id, { name: 'a' });
    const c = await create(m, { filters: {} });
    const viewer = await createUser(server.knex, { organizationId: m.organization.id, role: 'viewer' });
    const v = await server.loginAs(viewer.email, TEST_PASSWORD);
    expect((await v.get('/api/campaigns')).status).toBe(200);
    expect((await v.get(`/api/campaigns/${c.id}/clients`)).status).toBe(200);
    for (const res of [
      await v.post('/api/campaigns', { name: 'x' }),
      await v.delete(`/api/campaigns/${c.id}`),
      await v.post(`/api/campaigns/${c.id}/clients/${clientId}`),
      await v.delete(`/api/campaigns/${c.id}/clients/${clientId}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.json.message).toBe(errorMessages.forbidden);
    }
    expect(await members(m, c.id)).toEqual(['a']);
  });

  it('answers 404 for another organization’s campaign or client and changes nothing', async () => {
    const m = await member();
    const foreign = await member();
    const theirClient = await insertClient(server.knex, foreign.organization.id, { name: 'alheio' });
    const theirs = await create(foreign, { filters: {} });
    const mineClient = await insertClient(server.knex, m.organization.id, { name: 'meu' });
    const mine = await create(m, { filters: {} });
    expect((await m.http.get(`/api/campaigns/${theirs.id}/clients`)).status).toBe(404);
    expect((await m.http.delete(`/api/campaigns/${theirs.id}`)).status).toBe(404);
    expect((await m.http.post(`/api/campaigns/${theirs.id}/clients/${mineClient}`)).status).toBe(404);
    expect((await m.http.delete(`/api/campaigns/${theirs.id}/clients/${theirClient}`)).status).toBe(404);
    const addForeign = await m.http.post(`/api/campaigns/${mine.id}/clients/${theirClient}`);
    expect(addForeign.status).toBe(404);
    expect(addForeign.json.message).toBe(errorMessages.clientNotFound);
    expect((await m.http.get(`/api/campaigns/nope/clients`)).status).toBe(404);
    expect(await members(foreign, theirs.id)).toEqual(['alheio']);
    expect(await members(m, mine.id)).toEqual(['meu']);
  });
});

describe('campaign clients', () => {
  it('adds and removes with the exact server messages', async () => {
    const m = await member();
    const a = await insertClient(server.knex, m.organization.id, { name: 'a' });
    const b = await insertClient(server.knex, m.organization.id, { name: 'b', phone: null });
    const c = await create(m, { filters: {} });
    expect(await members(m, c.id)).toEqual(['a']);

    const dup = await m.http.post(`/api/campaigns/${c.id}/clients/${a}`);
    expect(dup.status).toBe(409);
    expect(dup.json.message).toBe('Client already exists in campaign');

    const added = await m.http.post(`/api/campaigns/${c.id}/clients/${b}`);
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ campaignId: c.id, clientId: b, organizationId: m.organization.id });
    expect((await members(m, c.id)).sort()).toEqual(['a', 'b']);

    expect((await m.http.delete(`/api/campaigns/${c.id}/clients/${b}`)).status).toBe(200);
    const missing = await m.http.delete(`/api/campaigns/${c.id}/clients/${b}`);
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('Client not found in campaign');
    expect(await members(m, c.id)).toEqual(['a']);

    // A removed client can be added again.
    expect((await m.http.post(`/api/campaigns/${c.id}/clients/${b}`)).status).toBe(201);
    expect((await members(m, c.id)).sort()).toEqual(['a', 'b']);
  });

  it('lists available and contacted with lastContactDate', async () => {
    const m = await member();
    const a = await insertClient(server.knex, m.organization.id, { name: 'a', contactDaysAgo: 3 });
    const b = await insertClient(server.knex, m.organization.id, { name: 'b' });
    const c = await create(m, { filters: {} });
    await m.http.post('/api/coldcalls', { clientId: b, campaignId: c.id, result: 'Atendeu' });
    const res = await m.http.get(`/api/campaigns/${c.id}/clients`);
    expect(res.json.available.map((x: { id: string }) => x.id)).toEqual([a]);
    expect(res.json.contacted.map((x: { id: string }) => x.id)).toEqual([b]);
    const aDate = Date.parse(res.json.available[0].lastContactDate);
    expect(Math.abs(aDate - (Date.now() - 3 * DAY))).toBeLessThan(60_000);
    expect(Date.now() - Date.parse(res.json.contacted[0].lastContactDate)).toBeLessThan(60_000);
    expect((await m.http.get('/api/campaigns')).json[0]).toMatchObject({ completedCount: 1, totalCalls: 1 });
  });

  it('counts totalClients and completedCount over the live members the lists show, not the target', async () => {
    const m = await member();
    const o = m.organization.id;
    const ids = [];
    for (const name of ['a', 'b', 'c']) ids.push(await insertClient(server.knex, o, { name }));
    const c = await create(m, { filters: {}, targetCount: 2 });
    const chosen = (await m.http.get(`/api/campaigns/${c.id}/clients`)).json.available.map(
      (x: { id: string }) => x.id,
    );
    const outside = ids.find((id) => !chosen.includes(id))!;
    expect((await m.http.post(`/api/campaigns/${c.id}/clients/${outside}`)).status).toBe(201);
    await m.http.post('/api/coldcalls', { clientId: chosen[0], campaignId: c.id, result: 'Atendeu' });
    const listed = async () => (await m.http.get('/api/campaigns')).json[0] as Record<string, unknown>;
    expect(await listed()).toMatchObject({ targetCount: 2, totalClients: 3, completedCount: 1 });

    // The contacted member's client is deleted: it leaves the lists and both figures.
    expect((await m.http.delete(`/api/clients/${chosen[0]}`)).status).toBe(200);
    expect((await members(m, c.id)).length).toBe(2);
    expect(await listed()).toMatchObject({ totalClients: 2, completedCount: 0 });
  });

  it('deletes a campaign with its memberships (soft)', async () => {
    const m = await member();
    await insertClient(server.knex, m.organization.id, { name: 'a' });
    const c = await create(m, { filters: {} });
    expect((await m.http.delete(`/api/campaigns/${c.id}`)).status).toBe(200);
    expect((await m.http.get('/api/campaigns')).json).toEqual([]);
    expect((await m.http.get(`/api/campaigns/${c.id}/clients`)).status).toBe(404);
    const rows = await server.knex('campaign_clients').where({ campaign_id: c.id });
    expect(rows).toHaveLength(1);
    expect(rows[0].deleted_at).not.toBeNull();
    expect((await m.http.delete(`/api/campaigns/${c.id}`)).status).toBe(404);
  });
});
