import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages, propertySchema, validationMessages as m } from '@casa/shared-schema';
import { createMember, createUser, TEST_PASSWORD } from '../../../test/factories';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';

let server: TestServer;
let agent: TestClient;
let agentId: string;
let viewer: TestClient;
let outsider: TestClient;
let organizationId: string;
let sellerId: string;
let buyerId: string;
let colleagueId: string;
let outsiderSellerId: string;
let outsiderUserId: string;

beforeAll(async () => {
  server = await startTestServer();
  const member = await createMember(server.knex, 'agent', { name: 'Imobiliária Imóveis' });
  organizationId = member.organization.id;
  agentId = member.user.id;
  agent = await server.loginAs(member.user.email, TEST_PASSWORD);
  viewer = await server.loginAs(
    (await createUser(server.knex, { organizationId, role: 'viewer' })).email,
    TEST_PASSWORD,
  );
  colleagueId = (await createUser(server.knex, { organizationId, role: 'agent' })).id;
  const other = await createMember(server.knex, 'admin', { name: 'Outra Imobiliária' });
  outsiderUserId = other.user.id;
  outsider = await server.loginAs(other.user.email, TEST_PASSWORD);
  sellerId = (await agent.post('/api/clients', { name: 'Vera Vendedora', type: 'Vendedor' })).json.id;
  buyerId = (
    await agent.post('/api/clients', {
      name: 'Carlos Comprador',
      type: 'Comprador',
      customFields: { budget: 1 },
    })
  ).json.id;
  outsiderSellerId = (await outsider.post('/api/clients', { name: 'Alheio', type: 'Vendedor' })).json.id;
});
afterAll(() => server?.close());

const flat = (extra: Record<string, unknown> = {}) => ({
  title: 'T2 renovado com varanda',
  business: 'Venda',
  propertyType: 'Apartamento',
  typology: 'T2',
  bedrooms: 2,
  bathrooms: 1,
  usableArea: '85,5',
  priceCents: 28_500_000,
  condition: 'Renovado',
  energyClass: 'B-',
  yearBuilt: 1975,
  features: ['Elevador', 'Varanda', 'Elevador'],
  concelho: 'setubal',
  freguesia: 'São Sebastião',
  street: 'Avenida Luísa Todi, 12',
  postalCode: '2900-461',
  mediationExclusive: true,
  mediationStart: '2026-11-01',
  mediationEnd: '2027-05-01',
  commissionPercent: 4.5,
  notes: 'Chaves na agência',
  ...extra,
});

describe('POST /api/properties', () => {
  it('creates a property: generated reference, canonical concelho with its distrito, owner, agent', async () => {
    const res = await agent.post('/api/properties', flat({ ownerClientId: sellerId }));
    expect(res.status).toBe(201);
    const property = propertySchema.parse(res.json);
    expect(property).toMatchObject({
      organizationId,
      reference: expect.stringMatching(/^CASA-\d{6}$/),
      concelho: 'Setúbal',
      distrito: 'Setúbal',
      usableArea: 85.5,
      priceCents: 28_500_000,
      features: ['Elevador', 'Varanda'],
      status: 'Em angariação',
      ownerClientId: sellerId,
      agentId,
      createdBy: agentId,
      mediationExclusive: true,
      commissionPercent: 4.5,
    });
    expect(res.json.searchText).toBeUndefined();
    const again = await agent.get(`/api/properties/${property.id}`);
    expect(again.json).toEqual(res.json);
  });

  it('numbers generated references in sequence per organization', async () => {
    const a = (await agent.post('/api/properties', flat())).json.reference as string;
    const b = (await agent.post('/api/properties', flat())).json.reference as string;
    expect(Number(b.slice(5))).toBe(Number(a.slice(5)) + 1);
    const theirs = await outsider.post('/api/properties', flat());
    expect(theirs.json.reference).toBe('CASA-000001');
  });

  it('numbers concurrent creates one after the other: none is refused for a taken number', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => agent.post('/api/properties', flat())));
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 8 }, () => 201));
    const references = answers.map((r) => r.json.reference as string);
    expect(new Set(references).size).toBe(8);
  });

  it('keeps a given reference and refuses a taken one (409, case-insensitive) until it is deleted', async () => {
    const first = await agent.post('/api/properties', flat({ reference: 'LX-0042' }));
    expect(first.status).toBe(201);
    expect(first.json.reference).toBe('LX-0042');
    const taken = await agent.post('/api/properties', flat({ reference: 'lx-0042' }));
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe(m.referenceTaken);
    expect(taken.json.fieldErrors).toEqual({ reference: m.referenceTaken });
    // Another organization may use it.
    expect((await outsider.post('/api/properties', flat({ reference: 'LX-0042' }))).status).toBe(201);
    expect((await agent.delete(`/api/properties/${first.json.id}`)).status).toBe(200);
    expect((await agent.post('/api/properties', flat({ reference: 'LX-0042' }))).status).toBe(201);
  });

  it('answers 400 with pt-PT field messages', async () => {
    const res = await agent.post('/api/properties', {
      title: ' ',
      business: 'Troca',
      propertyType: 'Castelo',
      postalCode: '1100148',
      concelho: 'Atlântida',
      usableArea: -3,
      priceCents: 12.5,
      commissionPercent: 140,
      energyClass: 'Z',
      features: ['Heliporto'],
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(m.checkRequiredFields);
    expect(res.json.fieldErrors).toMatchObject({
      title: m.propertyTitleRequired,
      business: m.propertyBusinessRequired,
      propertyType: m.propertyTypeRequired,
      postalCode: m.invalidPostalCode,
      concelho: m.unknownConcelho,
      usableArea: m.invalidArea,
      priceCents: m.invalidAmount,
      commissionPercent: m.invalidPercent,
      energyClass: m.invalidOption,
    });
    expect(Object.keys(res.json.fieldErrors as object).some((k) => k.startsWith('features'))).toBe(true);
  });

  it('refuses a concelho outside the distrito and a contract that ends before it starts', async () => {
    const res = await agent.post(
      '/api/properties',
      flat({
        distrito: 'Porto',
        concelho: 'Lisboa',
        mediationStart: '2027-01-01',
        mediationEnd: '2026-01-01',
      }),
    );
    expect(res.status).toBe(400);
    expect(res.json.fieldErrors).toMatchObject({
      concelho: m.concelhoNotInDistrito,
      mediationEnd: m.endBeforeStart,
    });
  });

  it('requires the owner to be a Vendedor client of the organization', async () => {
    const buyer = await agent.post('/api/properties', flat({ ownerClientId: buyerId }));
    expect(buyer.status).toBe(400);
    expect(buyer.json.fieldErrors).toEqual({ ownerClientId: m.ownerMustBeSeller });
    const foreign = await agent.post('/api/properties', flat({ ownerClientId: outsiderSellerId }));
    expect(foreign.status).toBe(400);
    expect(foreign.json.fieldErrors).toEqual({ ownerClientId: m.ownerNotFound });
  });

  it('takes a colleague as responsible agent, never a user of another organization', async () => {
    const ok = await agent.post('/api/properties', flat({ agentId: colleagueId }));
    expect(ok.status).toBe(201);
    expect(ok.json.agentId).toBe(colleagueId);
    const foreign = await agent.post('/api/properties', flat({ agentId: outsiderUserId }));
    expect(foreign.status).toBe(400);
    expect(foreign.json.fieldErrors).toEqual({ agentId: m.agentNotMember });
  });

  it('is replay-safe by id', async () => {
    const id = randomUUID();
    const a = await agent.post('/api/properties', flat({ id }));
    const b = await agent.post('/api/properties', flat({ id, title: 'Outro' }));
    expect(b.json).toEqual(a.json);
  });

  it('refuses viewers (403) and anonymous callers (401); writes nothing', async () => {
    const before = await agent.get('/api/properties');
    expect((await viewer.post('/api/properties', flat())).status).toBe(403);
    const id = before.json[0].id as string;
    expect((await viewer.put(`/api/properties/${id}`, { title: 'x' })).status).toBe(403);
    expect((await viewer.delete(`/api/properties/${id}`)).status).toBe(403);
    expect((await server.client().post('/api/properties', flat())).status).toBe(401);
    expect((await agent.get('/api/properties')).json).toEqual(before.json);
    // Viewers read.
    expect((await viewer.get('/api/properties')).status).toBe(200);
  });
});

describe('PUT and DELETE /api/properties/{id}', () => {
  it('changes only the fields sent; a new concelho brings its distrito', async () => {
    const created = (await agent.post('/api/properties', flat())).json;
    const res = await agent.put(`/api/properties/${created.id}`, {
      priceCents: 27_000_000,
      concelho: 'Porto',
      status: 'Disponível',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      ...created,
      priceCents: 27_000_000,
      concelho: 'Porto',
      distrito: 'Porto',
      status: 'Disponível',
      updatedAt: expect.any(String),
    });
    expect(res.json.reference).toBe(created.reference);
    const bad = await agent.put(`/api/properties/${created.id}`, { distrito: 'Faro' });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors).toEqual({ concelho: m.concelhoNotInDistrito });
    const badDates = await agent.put(`/api/properties/${created.id}`, { mediationEnd: '2020-01-01' });
    expect(badDates.json.fieldErrors).toEqual({ mediationEnd: m.endBeforeStart });
  });

  it("refuses another property's reference and keeps its own on a blank one", async () => {
    const a = (await agent.post('/api/properties', flat({ reference: 'REF-A' }))).json;
    const b = (await agent.post('/api/properties', flat())).json;
    expect((await agent.put(`/api/properties/${b.id}`, { reference: 'ref-a' })).status).toBe(409);
    expect((await agent.put(`/api/properties/${a.id}`, { reference: 'REF-A', title: 'Mesmo' })).status).toBe(
      200,
    );
    expect((await agent.put(`/api/properties/${a.id}`, { reference: '' })).json.reference).toBe('REF-A');
  });

  it('is tenant-scoped: another organization gets 404 on read, update and delete', async () => {
    const created = (await agent.post('/api/properties', flat())).json;
    expect((await outsider.get(`/api/properties/${created.id}`)).status).toBe(404);
    const put = await outsider.put(`/api/properties/${created.id}`, { title: 'Roubado' });
    expect(put.status).toBe(404);
    expect(put.json.message).toBe(errorMessages.propertyNotFound);
    expect((await outsider.delete(`/api/properties/${created.id}`)).status).toBe(404);
    expect((await outsider.get('/api/properties')).json.map((p: { id: string }) => p.id)).not.toContain(
      created.id,
    );
    expect((await agent.get(`/api/properties/${created.id}`)).json.title).toBe(created.title);
  });

  it('deletes (then 404), and a deleted seller leaves their properties without an owner', async () => {
    const created = (await agent.post('/api/properties', flat())).json;
    expect((await agent.delete(`/api/properties/${created.id}`)).status).toBe(200);
    expect((await agent.get(`/api/properties/${created.id}`)).status).toBe(404);
    const seller = (await agent.post('/api/clients', { name: 'Sai', type: 'Vendedor' })).json.id as string;
    const owned = (await agent.post('/api/properties', flat({ ownerClientId: seller }))).json;
    expect((await agent.delete(`/api/clients/${seller}`)).status).toBe(200);
    expect((await agent.get(`/api/properties/${owned.id}`)).json.ownerClientId).toBeNull();
  });
});

describe('GET /api/properties', () => {
  it('filters by business, type, typology, price, concelho, status, agent and owner', async () => {
    const owner = (await agent.post('/api/clients', { name: 'Filtro', type: 'Vendedor' })).json.id as string;
    const rent = (
      await agent.post(
        '/api/properties',
        flat({
          business: 'Arrendamento',
          propertyType: 'Moradia',
          typology: 'T4',
          priceCents: 180_000,
          concelho: 'Faro',
          status: 'Disponível',
          ownerClientId: owner,
          agentId: colleagueId,
        }),
      )
    ).json;
    const ids = async (query: string) =>
      ((await agent.get(`/api/properties?${query}`)).json as Array<{ id: string }>).map((p) => p.id);
    expect(await ids('business=Arrendamento&propertyType=Moradia&typology=T4')).toContain(rent.id);
    expect(await ids('business=Venda')).not.toContain(rent.id);
    expect(await ids('priceMin=100000&priceMax=200000&concelho=faro')).toContain(rent.id);
    expect(await ids('concelho=SETUBAL')).not.toContain(rent.id);
    expect((await ids('concelho=SETUBAL')).length).toBeGreaterThan(0);
    expect(await ids('priceMin=200001')).not.toContain(rent.id);
    expect(await ids(`status=Dispon%C3%ADvel&agentId=${colleagueId}`)).toContain(rent.id);
    expect(await ids(`ownerClientId=${owner}`)).toEqual([rent.id]);
    const ofClient = await agent.get(`/api/clients/${owner}/properties`);
    expect(ofClient.json.map((p: { id: string }) => p.id)).toEqual([rent.id]);
    expect((await outsider.get(`/api/clients/${owner}/properties`)).status).toBe(404);
  });

  it('searches reference, title, street, concelho and freguesia without accents or case', async () => {
    const p = (
      await agent.post(
        '/api/properties',
        flat({ reference: 'PESQ-1', title: 'Água-furtada única', freguesia: 'Conceição', street: 'Rua Çá' }),
      )
    ).json;
    for (const q of ['pesq-1', 'AGUA-FURTADA', 'conceicao', 'rua ca', 'SETÚBAL']) {
      const found = (await agent.get(`/api/properties?q=${encodeURIComponent(q)}`)).json as Array<{
        id: string;
      }>;
      expect(
        found.map((x) => x.id),
        q,
      ).toContain(p.id);
    }
    expect((await agent.get('/api/properties?q=%25')).json).toEqual([]);
  });

  it('pages newest first by keyset (limit + after) without repeats', async () => {
    const all = (await agent.get('/api/properties')).json as Array<{ id: string }>;
    const seen: string[] = [];
    let after = '';
    for (;;) {
      const page = (await agent.get(`/api/properties?limit=3${after ? `&after=${after}` : ''}`))
        .json as Array<{
        id: string;
      }>;
      if (page.length === 0) break;
      seen.push(...page.map((p) => p.id));
      after = page.at(-1)!.id;
    }
    expect(seen).toEqual(all.map((p) => p.id));
  });

  it('answers 400 in pt-PT for a bad filter', async () => {
    const res = await agent.get('/api/properties?status=Perdido');
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/inválid/i);
  });
});
