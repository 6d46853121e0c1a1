import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientListItemSchema,
  clientSchema,
  clientWithLastContactSchema,
  errorMessages,
  validationMessages,
} from '@casa/shared-schema';
import { createClient, createMember, TEST_PASSWORD } from '../../../test/factories';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { signedInMembers } from '../../../test/members';

let server: TestServer;
let organizationId: string;
let agent: TestClient;
let agentId: string;
let viewer: TestClient;
let outsider: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  ({ organizationId, agentId, agent, viewer, outsider } = await signedInMembers(server, {
    organization: 'Imobiliária Demo',
    outsider: 'Outra Imobiliária',
  }));
});
afterAll(() => server?.close());

const comprador = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'Comprador',
  email: '',
  phone: '912 345 678',
  rating: 4,
  birthday: '1980-05-17',
  notes: 'Procura T2',
  customFields: { budget: '250000', typology: 'T2', zone: 'Lisboa' },
  ...extra,
});

describe('POST /api/clients', () => {
  it('creates a client with server-set organization, agent and createdBy (201 with the id)', async () => {
    const foreignOrg = randomUUID();
    const res = await agent.post(
      '/api/clients',
      comprador('Maria Alves', {
        organizationId: foreignOrg,
        agentId: randomUUID(),
        createdBy: randomUUID(),
      }),
    );
    expect(res.status).toBe(201);
    const client = clientSchema.parse(res.json);
    expect(client).toMatchObject({
      name: 'Maria Alves',
      email: null,
      organizationId,
      agentId,
      createdBy: agentId,
      rating: 4,
      customFields: { budget: 250000, typology: 'T2', zone: 'Lisboa' },
    });
    expect(res.json.searchText).toBeUndefined();
  });

  it('answers 400 "Verifique os campos obrigatórios" with field errors (budget for Comprador)', async () => {
    const res = await agent.post('/api/clients', { name: '', type: 'Comprador', customFields: {} });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(validationMessages.checkRequiredFields);
    expect(res.json.error).toBe(validationMessages.checkRequiredFields);
    expect(res.json.fieldErrors).toMatchObject({
      name: validationMessages.clientNameRequired,
    });
    const noBudget = await agent.post('/api/clients', { name: 'Rui', type: 'Comprador' });
    expect(noBudget.status).toBe(400);
    expect(noBudget.json.fieldErrors).toEqual({ 'customFields.budget': validationMessages.budgetRequired });
    const noType = await agent.post('/api/clients', { name: 'Rui' });
    expect(noType.json.fieldErrors).toEqual({ type: validationMessages.clientTypeRequired });
    const badRating = await agent.post('/api/clients', comprador('Rui', { rating: 9, email: 'x' }));
    expect(badRating.json.fieldErrors).toMatchObject({
      rating: validationMessages.ratingRange,
      email: validationMessages.invalidEmail,
    });
    // A Vendedor needs no budget.
    expect((await agent.post('/api/clients', { name: 'Rui', type: 'Vendedor' })).status).toBe(201);
  });

  it('is replay-safe: the same id answers the existing row', async () => {
    const id = randomUUID();
    const first = await agent.post('/api/clients', comprador('Replay', { id }));
    const second = await agent.post('/api/clients', comprador('Replay changed', { id }));
    expect(first.status).toBe(201);
    expect(second.json).toEqual(first.json);
    const count = await server.knex('clients').where({ id }).count({ n: '*' }).first();
    expect(Number(count?.n)).toBe(1);
  });

  it('refuses viewers (403) and anonymous callers (401)', async () => {
    const res = await viewer.post('/api/clients', comprador('Nope'));
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(errorMessages.forbidden);
    expect((await server.client().post('/api/clients', comprador('Nope'))).status).toBe(401);
  });
});

describe('GET /api/clients and /api/clients/:id', () => {
  it('lists live clients newest first with tags and agent name', async () => {
    const a = (await agent.post('/api/clients', comprador('Lista A'))).json.id as string;
    const b = (await agent.post('/api/clients', comprador('Lista B'))).json.id as string;
    await createClient(server.knex, organizationId, { name: 'Apagado', deletedAt: new Date().toISOString() });
    const tag = (await agent.post('/api/tags', { name: 'VIP lista' })).json;
    await agent.post(`/api/clients/${a}/tags`, { tagIds: [tag.id] });

    const res = await viewer.get('/api/clients');
    expect(res.status).toBe(200);
    const list = res.json.map((c: unknown) => clientListItemSchema.parse(c));
    const ids = list.map((c: { id: string }) => c.id);
    expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
    expect(list.some((c: { name: string }) => c.name === 'Apagado')).toBe(false);
    const withTag = list.find((c: { id: string }) => c.id === a);
    expect(withTag.tagDetails).toEqual([{ id: tag.id, name: 'VIP lista', color: '#3b82f6' }]);
    expect(withTag.tags).toEqual(['VIP lista']);
    expect(withTag.agentName).toBe('Ana Silva');

    const page = await agent.get('/api/clients?limit=1');
    expect(page.json).toHaveLength(1);
    expect((await agent.get('/api/clients?limit=abc')).status).toBe(400);
  });

  it('pages with ?limit=&after= (keyset) exactly as the unpaged list, ties on created_at broken by id', async () => {
    const member = await createMember(server.knex, 'agent');
    const own = await server.loginAs(member.user.email, TEST_PASSWORD);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await createClient(server.knex, member.organization.id));
    // Three clients share one created_at: the order and the cursor must use the id too.
    await server
      .knex('clients')
      .whereIn('id', ids.slice(2, 5))
      .update({ created_at: '2026-01-01T10:00:00.000Z' });
    const all = ((await own.get('/api/clients')).json as Array<{ id: string }>).map((c) => c.id);
    expect([...all].sort()).toEqual([...ids].sort());

    const walk = async (limit: number) => {
      const seen: string[] = [];
      let after = '';
      for (let pages = 0; pages < 20; pages++) {
        const res = await own.get(`/api/clients?limit=${limit}${after ? `&after=${after}` : ''}`);
        expect(res.status).toBe(200);
        const page = (res.json as Array<{ id: string }>).map((c) => c.id);
        seen.push(...page);
        if (page.length < limit) return seen;
        after = page[page.length - 1]!;
      }
      throw new Error('paging did not end');
    };
    expect(await walk(2)).toEqual(all);
    expect(await walk(3)).toEqual(all);
    expect(await walk(7)).toEqual(all);

    // The cursor's client deleted between two pages: the next page still starts right after it.
    const first = ((await own.get('/api/clients?limit=3')).json as Array<{ id: string }>).map((c) => c.id);
    expect((await own.delete(`/api/clients/${first[2]}`)).status).toBe(200);
    const next = await own.get(`/api/clients?limit=3&after=${first[2]}`);
    expect((next.json as Array<{ id: string }>).map((c) => c.id)).toEqual(all.slice(3, 6));
    // Without limit: everything after the cursor.
    const rest = await own.get(`/api/clients?after=${all[4]}`);
    expect((rest.json as Array<{ id: string }>).map((c) => c.id)).toEqual(all.slice(5));
  });

  it('answers 400 for an after that is not a client of the organization or not an id', async () => {
    const foreign = await createClient(server.knex, (await createMember(server.knex)).organization.id);
    for (const after of [foreign, randomUUID()]) {
      const res = await agent.get(`/api/clients?limit=5&after=${after}`);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ error: validationMessages.invalidValue });
    }
    const bad = await agent.get('/api/clients?after=abc');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain(validationMessages.invalidId);
  });

  it('reads one client; unknown or foreign ids answer 404 "Cliente não encontrado"', async () => {
    const id = (await agent.post('/api/clients', comprador('Um Só'))).json.id as string;
    const res = await agent.get(`/api/clients/${id}`);
    expect(res.status).toBe(200);
    expect(clientListItemSchema.parse(res.json)).toMatchObject({ id, name: 'Um Só', tagDetails: [] });
    const foreign = await outsider.get(`/api/clients/${id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.json.message).toBe(errorMessages.clientNotFound);
    expect((await agent.get(`/api/clients/${randomUUID()}`)).status).toBe(404);
    expect((await outsider.get('/api/clients')).json).toEqual([]);
    expect((await server.client().get('/api/clients')).status).toBe(401);
  });
});

describe('PUT /api/clients/:id', () => {
  it('changes only the fields sent', async () => {
    const id = (await agent.post('/api/clients', comprador('Antes'))).json.id as string;
    const res = await agent.put(`/api/clients/${id}`, { name: 'Depois', organizationId: randomUUID() });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id,
      name: 'Depois',
      phone: '912 345 678',
      organizationId,
      customFields: { budget: 250000 },
    });
  });

  it('re-validates custom fields against the merged row', async () => {
    const id = (await agent.post('/api/clients', { name: 'Vendedor', type: 'Vendedor' })).json.id as string;
    const toBuyer = await agent.put(`/api/clients/${id}`, { type: 'Comprador' });
    expect(toBuyer.status).toBe(400);
    expect(toBuyer.json.message).toBe(validationMessages.checkRequiredFields);
    expect(toBuyer.json.fieldErrors).toEqual({ 'customFields.budget': validationMessages.budgetRequired });
    const ok = await agent.put(`/api/clients/${id}`, { type: 'Comprador', customFields: { budget: 1000 } });
    expect(ok.status).toBe(200);
    const dropBudget = await agent.put(`/api/clients/${id}`, { customFields: { zone: 'Porto' } });
    expect(dropBudget.status).toBe(400);
    expect(dropBudget.json.fieldErrors).toEqual({ 'customFields.budget': validationMessages.budgetRequired });
    const row = await server.knex('clients').where({ id }).first();
    expect(row.type).toBe('Comprador');
  });

  it('answers 403 to viewers and 404 for another organization', async () => {
    const id = (await agent.post('/api/clients', comprador('Protegido'))).json.id as string;
    expect((await viewer.put(`/api/clients/${id}`, { name: 'X' })).status).toBe(403);
    const foreign = await outsider.put(`/api/clients/${id}`, { name: 'X' });
    expect(foreign.status).toBe(404);
    expect((await agent.get(`/api/clients/${id}`)).json.name).toBe('Protegido');
  });
});

describe('DELETE /api/clients/:id', () => {
  it('soft-deletes the client with its tag links, follow-ups and interactions; cold calls stay', async () => {
    const id = (await agent.post('/api/clients', comprador('Para Apagar'))).json.id as string;
    const tag = (await agent.post('/api/tags', { name: 'Apagar' })).json;
    await agent.post(`/api/clients/${id}/tags`, { tagIds: [tag.id] });
    await agent.post(`/api/clients/${id}/interactions`, { type: 'Email' });
    const now = new Date().toISOString();
    const base = { organization_id: organizationId, client_id: id, created_at: now, updated_at: now };
    await server.knex('follow_ups').insert({
      ...base,
      id: randomUUID(),
      title: 'Ligar',
      type: 'Telefonar',
      scheduled_date: now,
    });
    const callId = randomUUID();
    await server.knex('cold_calls').insert({ ...base, id: callId, result: 'Atendeu', called_at: now });

    expect((await viewer.delete(`/api/clients/${id}`)).status).toBe(403);
    expect((await outsider.delete(`/api/clients/${id}`)).status).toBe(404);
    const res = await agent.delete(`/api/clients/${id}`);
    expect(res.status).toBe(200);

    for (const table of ['clients', 'client_tags', 'follow_ups', 'client_interactions']) {
      const column = table === 'clients' ? 'id' : 'client_id';
      const rows = await server.knex(table).where(column, id);
      expect(rows.length, table).toBeGreaterThan(0);
      expect(
        rows.every((r: { deleted_at: unknown }) => r.deleted_at !== null),
        table,
      ).toBe(true);
    }
    expect((await server.knex('cold_calls').where({ id: callId }).first()).deleted_at).toBeNull();
    expect((await server.knex('tags').where({ id: tag.id }).first()).deleted_at).toBeNull();
    expect((await agent.get(`/api/clients/${id}`)).status).toBe(404);
    expect((await agent.delete(`/api/clients/${id}`)).status).toBe(404);
  });
});

describe('GET /api/clients-with-interactions and /api/clients/birthdays/today', () => {
  it('gives every live client its last contact (interaction or cold call)', async () => {
    const fresh = await createMember(server.knex, 'agent');
    const http = await server.loginAs(fresh.user.email, TEST_PASSWORD);
    const never = (await http.post('/api/clients', comprador('Nunca'))).json.id as string;
    const talked = (await http.post('/api/clients', comprador('Falámos'))).json.id as string;
    await http.post(`/api/clients/${talked}/interactions`, { type: 'Reunião', result: 'Interessado' });

    const res = await http.get('/api/clients-with-interactions');
    expect(res.status).toBe(200);
    const list = res.json.map((c: unknown) => clientWithLastContactSchema.parse(c));
    const byId = new Map(list.map((c: { id: string }) => [c.id, c]));
    expect(byId.get(never)).toMatchObject({ daysSinceLastContact: null, lastInteraction: null });
    expect(byId.get(talked)).toMatchObject({
      daysSinceLastContact: 0,
      lastInteraction: { type: 'Reunião', result: 'Interessado' },
    });
    expect((await server.client().get('/api/clients-with-interactions')).status).toBe(401);
  });

  it("lists today's birthdays (Lisbon) and needs a session", async () => {
    const fresh = await createMember(server.knex, 'agent');
    const http = await server.loginAs(fresh.user.email, TEST_PASSWORD);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon' }).format(new Date());
    const born = `1990-${today.slice(5)}`;
    await http.post('/api/clients', comprador('Aniversariante', { birthday: born }));
    await http.post(
      '/api/clients',
      comprador('Outro Dia', { birthday: '1990-01-01' === born ? '1990-01-02' : '1990-01-01' }),
    );
    const res = await http.get('/api/clients/birthdays/today');
    expect(res.status).toBe(200);
    expect(res.json.map((c: { name: string }) => c.name)).toEqual(['Aniversariante']);
    expect((await server.client().get('/api/clients/birthdays/today')).status).toBe(401);
  });
});
