import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientSearchResultSchema, errorMessages } from '@casa/shared-schema';
import { createMember, createUser, TEST_PASSWORD } from '../../../test/factories';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { insertSearchableClients } from './search.fixtures';

let server: TestServer;
let client: TestClient;
let orgId: string;
let otherOrgId: string;

const names = (res: { json: { clients: Array<{ name: string }> } }) => res.json.clients.map((c) => c.name);

beforeAll(async () => {
  server = await startTestServer();
  const { organization, user } = await createMember(server.knex, 'agent');
  orgId = organization.id;
  client = await server.loginAs(user.email, TEST_PASSWORD);
  await insertSearchableClients(server.knex, orgId, [
    {
      name: 'João Conceição',
      email: 'joao@exemplo.pt',
      phone: '+351 912 345 678',
      rating: 4,
      type: 'Comprador',
      customFields: { budget: 250000, zone: 'Lisboa Oriental' },
      tags: ['VIP'],
    },
    {
      name: 'maria joão',
      email: null,
      phone: '',
      rating: 2,
      type: 'Vendedor',
      notes: 'Quer vender o T2 em Évora',
      customFields: { propertyValue: 180000, location: 'ÉVORA' },
    },
    {
      name: 'Álvaro Pires',
      email: 'alvaro@exemplo.pt',
      phone: '935000111',
      rating: 5,
      type: 'Investidor',
      customFields: { preferredZones: 'Porto, Braga', investmentBudget: 900000 },
      tags: ['Investimento', 'vip'],
    },
    { name: 'Bruno 100% Certo', type: 'Comprador', customFields: { budget: 100000 }, notes: 'under_score' },
    { name: 'Apagado João', deletedAt: new Date().toISOString(), customFields: { budget: 1 } },
  ]);
  const other = await createMember(server.knex, 'agent', { name: 'Outra Imobiliária' });
  otherOrgId = other.organization.id;
  await insertSearchableClients(server.knex, otherOrgId, [{ name: 'João Estranho', tags: ['VIP'] }]);
});
afterAll(() => server.close());

describe('GET /api/search/clients', () => {
  it('answers {clients, total} ordered by name without accents, excluding deleted and other organizations', async () => {
    const res = await client.get('/api/search/clients');
    expect(res.status).toBe(200);
    const body = clientSearchResultSchema.parse(res.json);
    expect(body.total).toBe(4);
    expect(names(res)).toEqual(['Álvaro Pires', 'Bruno 100% Certo', 'João Conceição', 'maria joão']);
    expect(res.json.clients[0]).not.toHaveProperty('searchText');
    expect(body.clients.every((c) => c.organizationId === orgId)).toBe(true);
  });

  it('matches accent- and case-insensitively over name, email, phone, notes and tags', async () => {
    expect(names(await client.get('/api/search/clients?q=Joao'))).toEqual(['João Conceição', 'maria joão']);
    expect(names(await client.get(`/api/search/clients?q=${encodeURIComponent('JOÃO')}`))).toEqual([
      'João Conceição',
      'maria joão',
    ]);
    expect(names(await client.get('/api/search/clients?q=alvaro%40exemplo'))).toEqual(['Álvaro Pires']);
    expect(names(await client.get('/api/search/clients?q=912345678'))).toEqual(['João Conceição']);
    expect(names(await client.get('/api/search/clients?q=%2B351%20912'))).toEqual(['João Conceição']);
    expect(names(await client.get('/api/search/clients?q=evora'))).toEqual(['maria joão']);
    expect(names(await client.get('/api/search/clients?q=vip'))).toEqual(['Álvaro Pires', 'João Conceição']);
    expect(names(await client.get('/api/search/clients?q=investimento'))).toEqual(['Álvaro Pires']);
  });

  it('treats % and _ literally and does not match zones as text', async () => {
    expect(names(await client.get('/api/search/clients?q=100%25'))).toEqual(['Bruno 100% Certo']);
    expect(names(await client.get('/api/search/clients?q=%25'))).toEqual(['Bruno 100% Certo']);
    expect(names(await client.get('/api/search/clients?q=r_s'))).toEqual(['Bruno 100% Certo']);
    expect((await client.get('/api/search/clients?q=oriental')).json.total).toBe(0);
  });

  it('filters by type, minimum rating, phone, email, zone and budget', async () => {
    expect(names(await client.get('/api/search/clients?type=Vendedor'))).toEqual(['maria joão']);
    expect(names(await client.get('/api/search/clients?minRating=4'))).toEqual([
      'Álvaro Pires',
      'João Conceição',
    ]);
    expect(names(await client.get('/api/search/clients?hasPhone=true'))).toEqual([
      'Álvaro Pires',
      'João Conceição',
    ]);
    expect(names(await client.get('/api/search/clients?hasEmail=true'))).toEqual([
      'Álvaro Pires',
      'João Conceição',
    ]);
    expect((await client.get('/api/search/clients?hasEmail=false')).json.total).toBe(4);
    expect(names(await client.get('/api/search/clients?zone=evora'))).toEqual(['maria joão']);
    expect(names(await client.get('/api/search/clients?zone=BRAGA'))).toEqual(['Álvaro Pires']);
    expect(names(await client.get('/api/search/clients?zone=lisboa%20ori'))).toEqual(['João Conceição']);
    expect(names(await client.get('/api/search/clients?minBudget=150000&maxBudget=260000'))).toEqual([
      'João Conceição',
      'maria joão',
    ]);
    // investmentBudget is not part of the budget range (budget or propertyValue only).
    expect(names(await client.get('/api/search/clients?minBudget=500000'))).toEqual([]);
    expect(names(await client.get('/api/search/clients?maxBudget=100000'))).toEqual(['Bruno 100% Certo']);
    expect(
      names(await client.get('/api/search/clients?q=joao&type=Comprador&minRating=3&hasPhone=true')),
    ).toEqual(['João Conceição']);
  });

  it('paginates with limit and offset, 12 by default, total counting every match', async () => {
    const page1 = await client.get('/api/search/clients?limit=2&offset=0');
    const page2 = await client.get('/api/search/clients?limit=2&offset=2');
    expect(page1.json.total).toBe(4);
    expect(page2.json.total).toBe(4);
    expect([...names(page1), ...names(page2)]).toEqual([
      'Álvaro Pires',
      'Bruno 100% Certo',
      'João Conceição',
      'maria joão',
    ]);
    const many = await createMember(server.knex, 'agent');
    await insertSearchableClients(
      server.knex,
      many.organization.id,
      Array.from({ length: 15 }, (_, i) => ({ name: `Cliente ${String(i).padStart(2, '0')}` })),
    );
    const res = await (await server.loginAs(many.user.email, TEST_PASSWORD)).get('/api/search/clients');
    expect(res.json.clients).toHaveLength(12);
    expect(res.json.total).toBe(15);
  });

  it('rejects invalid filters with 400', async () => {
    const res = await client.get('/api/search/clients?minRating=9&limit=0');
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('validation');
    expect((await client.get('/api/search/clients?type=Outro')).status).toBe(400);
  });

  it('never shows another organization’s clients', async () => {
    const res = await client.get('/api/search/clients?q=estranho');
    expect(res.json).toEqual({ clients: [], total: 0 });
    const other = await createUser(server.knex, { organizationId: otherOrgId, role: 'viewer' });
    const otherClient = await server.loginAs(other.email, TEST_PASSWORD);
    const theirs = await otherClient.get('/api/search/clients?q=joao');
    expect(theirs.status).toBe(200); // viewers may search
    expect(names(theirs)).toEqual(['João Estranho']);
  });

  it('needs a session (401) and an organization (403 for the super admin)', async () => {
    expect((await server.client().get('/api/search/clients')).status).toBe(401);
    const admin = await createUser(server.knex, { role: 'super_admin' });
    const res = await (await server.loginAs(admin.email, TEST_PASSWORD)).get('/api/search/clients');
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(errorMessages.organizationRequired);
  });
});
