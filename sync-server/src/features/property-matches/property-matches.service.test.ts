import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matchBuyersForProperty } from '@casa/shared-schema';
import { createMember, createUser, TEST_PASSWORD } from '../../../test/factories';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { runSchedulerTick } from '../scheduler/scheduler.service';
import { readBuyers } from './property-matches.service';

// Property match notifications end to end on the server: the REST writes queue the job, the scheduler
// claims it and notifies (issue 20). Runs on both dialects (server-sqlite, server-pg).

const log = pino({ level: 'silent' });
let server: TestServer;
let organizationId: string;
let agentA: { id: string; client: TestClient };
let agentB: { id: string; client: TestClient };

beforeEach(async () => {
  server = await startTestServer();
  const member = await createMember(server.knex, 'agent', { name: 'Imobiliária Match' });
  organizationId = member.organization.id;
  agentA = { id: member.user.id, client: await server.loginAs(member.user.email, TEST_PASSWORD) };
  const b = await createUser(server.knex, { organizationId, role: 'agent' });
  agentB = { id: b.id, client: await server.loginAs(b.email, TEST_PASSWORD) };
});
afterEach(() => server?.close());

const tick = () => runSchedulerTick({ knex: server.knex, log }, new Date(Date.now() + 1000));

async function buyer(owner: TestClient, name: string, budget: number, zone = 'Setúbal') {
  const res = await owner.post('/api/clients', {
    name,
    type: 'Comprador',
    customFields: { budget, zone, typology: 'T2' },
  });
  expect(res.status).toBe(201);
  return res.json.id as string;
}

const flat = (priceCents: number) => ({
  title: 'T2 com varanda',
  business: 'Venda',
  propertyType: 'Apartamento',
  typology: 'T2',
  priceCents,
  concelho: 'Setúbal',
  status: 'Disponível',
});

async function createFlat(client: TestClient, priceCents: number) {
  const res = await client.post('/api/properties', flat(priceCents));
  expect(res.status).toBe(201);
  return res.json as { id: string; reference: string };
}

/** How many jobs wait (pg answers a count as text). */
const queuedJobs = async () =>
  Number(((await server.knex('property_match_jobs').count({ n: '*' }).first()) as { n: unknown }).n);

type Notified = { title: string; body: string | null; data: Record<string, unknown> };
async function matchNotifications(userId: string): Promise<Notified[]> {
  const rows = (await server
    .knex('notifications')
    .where({ user_id: userId, type: 'property_match' })
    .orderBy('created_at')) as Array<{ title: string; body: string | null; data: unknown }>;
  return rows.map((r) => ({
    ...r,
    data: (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>,
  }));
}

describe('property match notifications', () => {
  it('a new property: one notification per agent with the count and the reference, once', async () => {
    const ana = await buyer(agentA.client, 'Ana Matos', 300_000);
    const bruno = await buyer(agentA.client, 'Bruno Reis', 320_000);
    const carla = await buyer(agentB.client, 'Carla Dias', 290_000);
    await buyer(agentB.client, 'Duarte Sem Orçamento', 100_000);
    await buyer(agentA.client, 'Eva do Porto', 400_000, 'Porto');

    const property = await createFlat(agentA.client, 28_500_000);
    expect(await queuedJobs()).toBe(1);
    expect((await tick()).propertyMatches).toBe(2);

    const [a] = await matchNotifications(agentA.id);
    expect(a).toMatchObject({
      title: `2 compradores compatíveis com ${property.reference}`,
      body: 'T2 com varanda: Ana Matos, Bruno Reis.',
      data: { url: `/imoveis/${property.id}`, propertyId: property.id, count: 2 },
    });
    expect((a!.data.clientIds as string[]).sort()).toEqual([ana, bruno].sort());
    const [b] = await matchNotifications(agentB.id);
    expect(b).toMatchObject({
      title: `1 comprador compatível com ${property.reference}`,
      data: { clientIds: [carla], count: 1 },
    });

    // The job is gone and claimed: nothing again.
    expect((await tick()).propertyMatches).toBe(0);
    expect(await matchNotifications(agentA.id)).toHaveLength(1);
    expect(await queuedJobs()).toBe(0);
  });

  it('a price drop tells only the buyers it newly reaches; a rise or a drop reaching no one tells nobody', async () => {
    await buyer(agentA.client, 'Ana Matos', 300_000);
    const property = await createFlat(agentA.client, 28_500_000);
    expect((await tick()).propertyMatches).toBe(1);
    const low = await buyer(agentB.client, 'Carla Dias', 250_000);

    // 280 000 € is still more than 10 % over Carla's budget: Ana already knows, no one is new.
    expect(
      (await agentA.client.put(`/api/properties/${property.id}`, { priceCents: 28_000_000 })).status,
    ).toBe(200);
    expect((await tick()).propertyMatches).toBe(0);
    // A rise queues nothing.
    await agentA.client.put(`/api/properties/${property.id}`, { priceCents: 29_000_000 });
    expect(await queuedJobs()).toBe(0);
    // Other changes queue nothing either.
    await agentA.client.put(`/api/properties/${property.id}`, { title: 'T2 renovado' });
    expect(await queuedJobs()).toBe(0);

    await agentA.client.put(`/api/properties/${property.id}`, { priceCents: 26_000_000 });
    expect((await tick()).propertyMatches).toBe(1);
    expect(await matchNotifications(agentA.id)).toHaveLength(1);
    const [b] = await matchNotifications(agentB.id);
    expect(b).toMatchObject({
      title: `1 comprador compatível com ${property.reference}`,
      body: 'T2 renovado: Carla Dias.',
      data: { clientIds: [low] },
    });
  });

  it('respects the agent’s property_matches switch, and the buyer is not told again later', async () => {
    await buyer(agentA.client, 'Ana Matos', 300_000);
    await buyer(agentB.client, 'Carla Dias', 300_000);
    const prefs = (await agentB.client.get('/api/notifications/preferences')).json as Record<string, unknown>;
    expect(prefs.property_matches).toBe(true);
    expect(
      (await agentB.client.put('/api/notifications/preferences', { ...prefs, property_matches: false }))
        .status,
    ).toBe(200);
    expect((await agentB.client.get('/api/notifications/preferences')).json.property_matches).toBe(false);

    const property = await createFlat(agentA.client, 28_500_000);
    expect((await tick()).propertyMatches).toBe(1);
    expect(await matchNotifications(agentA.id)).toHaveLength(1);
    expect(await matchNotifications(agentB.id)).toHaveLength(0);

    await agentB.client.put('/api/notifications/preferences', { ...prefs, property_matches: true });
    await agentA.client.put(`/api/properties/${property.id}`, { priceCents: 27_000_000 });
    expect((await tick()).propertyMatches).toBe(0);
  });

  it('another organization’s buyers and agents are untouched', async () => {
    const other = await createMember(server.knex, 'agent', { name: 'Outra Imobiliária' });
    const outsider = await server.loginAs(other.user.email, TEST_PASSWORD);
    await buyer(outsider, 'Rui de Fora', 300_000);
    await buyer(agentA.client, 'Ana Matos', 300_000);

    await createFlat(agentA.client, 28_500_000);
    expect((await tick()).propertyMatches).toBe(1);
    expect(await matchNotifications(other.user.id)).toHaveLength(0);

    // And their own property tells only them.
    await createFlat(outsider, 28_500_000);
    expect((await tick()).propertyMatches).toBe(1);
    expect(await matchNotifications(other.user.id)).toHaveLength(1);
    expect(await matchNotifications(agentA.id)).toHaveLength(1);
  });

  it('two schedulers ticking at once notify exactly once', async () => {
    await buyer(agentA.client, 'Ana Matos', 300_000);
    await buyer(agentB.client, 'Carla Dias', 300_000);
    for (let i = 0; i < 5; i++) await createFlat(agentA.client, 28_500_000 + i * 100_000);

    const reports = await Promise.all([tick(), tick()]);
    expect(reports[0]!.propertyMatches + reports[1]!.propertyMatches).toBe(10);
    expect(await matchNotifications(agentA.id)).toHaveLength(5);
    expect(await matchNotifications(agentB.id)).toHaveLength(5);
  });

  it('a replayed create (same id) queues no second job', async () => {
    const id = crypto.randomUUID();
    expect((await agentA.client.post('/api/properties', { ...flat(28_500_000), id })).status).toBe(201);
    expect((await agentA.client.post('/api/properties', { ...flat(28_500_000), id })).status).toBe(201);
    expect(await queuedJobs()).toBe(1);
  });

  it('imported properties are new too: one notification per agent for each matching one', async () => {
    await buyer(agentA.client, 'Ana Matos', 300_000);
    const csv = [
      'Título;Negócio;Tipo de Imóvel;Tipologia;Preço (€);Concelho;Estado',
      'T2 importado;Venda;Apartamento;T2;280 000;Setúbal;Disponível',
      'T2 caro;Venda;Apartamento;T2;900 000;Setúbal;Disponível',
    ].join('\r\n');
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'imoveis.csv');
    const res = await agentA.client.request('POST', '/api/import/properties', { raw: form });
    expect(res.json).toEqual({ imported: 2, errors: [] });
    expect(await queuedJobs()).toBe(2);
    expect((await tick()).propertyMatches).toBe(1);
    expect((await matchNotifications(agentA.id)).map((n) => n.body)).toEqual(['T2 importado: Ana Matos.']);
  });

  it('reads the buyers in keyset pages: the same buyers, ranking and matches as one page', async () => {
    const names = ['Rui Sá', 'Ana Matos', 'Élio Costa', 'ana matos', 'Bruno Reis', 'Carla Dias', 'Zé Nunes'];
    for (const [i, name] of names.entries())
      await buyer(i % 2 ? agentA.client : agentB.client, name, 300_000 + i);
    // Not buyers, or not live, or not ours: never read.
    await agentA.client.post('/api/clients', { name: 'Vera Vendedora', type: 'Vendedor' });
    const gone = await buyer(agentA.client, 'Gil Apagado', 300_000);
    expect((await agentA.client.delete(`/api/clients/${gone}`)).status).toBeLessThan(300);
    const other = await createMember(server.knex, 'agent', { name: 'Outra Imobiliária' });
    await buyer(await server.loginAs(other.user.email, TEST_PASSWORD), 'Rui de Fora', 300_000);

    const statements: string[] = [];
    const onQuery = (q: { sql: string }) => {
      if (/from [`"]clients[`"]/i.test(q.sql)) statements.push(q.sql);
    };
    server.knex.on('query', onQuery);
    const paged = await readBuyers(server.knex, organizationId, { pageSize: 2 });
    server.knex.off('query', onQuery);
    expect(statements).toHaveLength(4); // 2 + 2 + 2 + 1 buyers
    const whole = await readBuyers(server.knex, organizationId);
    // A last page that is exactly full: one more (empty) read ends it.
    statements.length = 0;
    server.knex.on('query', onQuery);
    const exact = await readBuyers(server.knex, organizationId, { pageSize: 7 });
    server.knex.off('query', onQuery);
    expect(statements).toHaveLength(2);

    expect(paged.prepared.buyers.map((b) => b.name)).toEqual([
      'ana matos',
      'Ana Matos',
      'Bruno Reis',
      'Carla Dias',
      'Élio Costa',
      'Rui Sá',
      'Zé Nunes',
    ]);
    // Before any match call (they write into the scratch buffers, levels and keys).
    expect(paged.prepared).toEqual(whole.prepared);
    expect(exact.prepared).toEqual(whole.prepared);
    expect([...paged.byId.keys()].sort()).toEqual([...whole.byId.keys()].sort());
    expect(paged.byId.size).toBe(names.length);
    const property = { ...flat(28_500_000), id: crypto.randomUUID() };
    expect(matchBuyersForProperty(property, paged.prepared)).toEqual(
      matchBuyersForProperty(property, whole.prepared),
    );
    expect(matchBuyersForProperty(property, paged.prepared)).toHaveLength(names.length);
  });
});
