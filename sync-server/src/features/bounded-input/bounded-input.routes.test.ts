import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages, validationMessages as m } from '@casa/shared-schema';
import { createMember, TEST_PASSWORD } from '../../../test/factories';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { insertSearchableClients } from '../search/search.fixtures';

/**
 * Issue 17, bounded input: the examples of the report, over real HTTP on both databases. The class is
 * walked by bad-input.property.test.ts (every write route and every mutation).
 */

let server: TestServer;
let agent: TestClient;
let organizationId: string;

const nest = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};
const clientsCount = async () =>
  Number(((await server.knex('clients').count({ n: '*' }).first()) as { n: unknown }).n);

beforeAll(async () => {
  server = await startTestServer();
  const member = await createMember(server.knex, 'agent');
  organizationId = member.organization.id;
  agent = await server.loginAs(member.user.email, TEST_PASSWORD);
}, 60_000);
afterAll(() => server.close());

describe('client custom fields are bounded (depth 5, 200 keys, 16 KiB)', () => {
  const base = { name: 'Ana Limites', type: 'Vendedor' };

  it('accepts custom fields at the bounds', async () => {
    const res = await agent.post('/api/clients', {
      ...base,
      customFields: { location: 'Lisboa', extra: nest(4) },
    });
    expect(res.status, res.text).toBe(201);
  });

  it.each([
    ['nested 6 deep', { extra: nest(5) }, m.jsonTooDeep],
    ['201 keys', Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`k${i}`, i])), m.jsonTooManyKeys],
    ['a 900 kB unknown key', { notas: 'x'.repeat(900_000) }, m.jsonTooLarge],
    ['a key with a control character', { 'a\u0007': 1 }, m.invalidCharacters],
  ])(
    'refuses custom fields with %s, with a Portuguese field message and nothing written',
    async (_, customFields, message) => {
      const before = await clientsCount();
      const res = await agent.post('/api/clients', { ...base, customFields });
      expect(res.status, res.text).toBe(400);
      expect(res.json.fieldErrors).toEqual({ customFields: message });
      expect(await clientsCount()).toBe(before);
    },
  );
});

describe('the JSON body parser', () => {
  it('refuses a body nested 4,000 deep with a pt-PT 400, before parsing it', async () => {
    const res = await agent.post('/api/clients', {
      name: 'Fundo',
      type: 'Vendedor',
      customFields: nest(4_000),
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'bad_request', message: errorMessages.requestTooDeep });
  });

  it('refuses 4 MB of brackets on the push route quickly (the scan runs before JSON.parse)', async () => {
    const started = Date.now();
    const res = await agent.request('POST', '/api/sync/push', {
      raw: `{"clientId":${'['.repeat(2_000_000)}${']'.repeat(2_000_000)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(errorMessages.requestTooDeep);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it.each([
    ['U+0000 in a name', { name: 'Ana\u0000', type: 'Vendedor' }],
    ['U+0000 in an unknown key', { name: 'Ana', type: 'Vendedor', ['x\u0000']: 1 }],
    ['a lone surrogate in the notes', { name: 'Ana', type: 'Vendedor', notes: 'a\ud800b' }],
  ])('refuses %s with a pt-PT 400 on both databases', async (_, body) => {
    const before = await clientsCount();
    const res = await agent.post('/api/clients', body);
    expect(res.status, res.text).toBe(400);
    expect(res.json.message).toBe(errorMessages.requestInvalidCharacters);
    expect(await clientsCount()).toBe(before);
  });

  it('reads DELETE bodies too, so a route without a body cannot be reached with a poisoned one', async () => {
    const created = await agent.post('/api/clients', { name: 'Para apagar', type: 'Vendedor' });
    const res = await agent.request('DELETE', `/api/clients/${created.json.id}`, { body: { x: nest(100) } });
    expect(res.status).toBe(400);
    expect((await agent.get(`/api/clients/${created.json.id}`)).status).toBe(200);
  });
});

describe('text fields refuse control characters', () => {
  it.each([
    ['a C1 control in a name', { name: 'Ana\u0085Silva' }, 'name'],
    ['a bell in the phone', { name: 'Ana', phone: '91\u00072' }, 'phone'],
    ['a line break in a name', { name: 'Ana\nSilva' }, 'name'],
    ['an escape in the notes', { name: 'Ana', notes: 'linha\u001b[31m' }, 'notes'],
  ])('%s is refused with a field message', async (_, fields, field) => {
    const res = await agent.post('/api/clients', { type: 'Vendedor', ...fields });
    expect(res.status, res.text).toBe(400);
    expect(res.json.fieldErrors[field]).toBe(m.invalidCharacters);
  });

  it('multi-line notes keep their tabs and line breaks', async () => {
    const res = await agent.post('/api/clients', {
      name: 'Ana',
      type: 'Vendedor',
      notes: 'linha 1\r\n\tlinha 2',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.notes).toBe('linha 1\r\n\tlinha 2');
  });
});

describe('budget-filtered search', () => {
  it('still answers when a client stored before the bounds nests past SQLite’s JSON depth limit', async () => {
    await insertSearchableClients(server.knex, organizationId, [
      { name: 'Legado Profundo', type: 'Comprador', customFields: { budget: 5, deep: nest(1_500) } },
      { name: 'Comprador Normal', type: 'Comprador', customFields: { budget: 300_000 } },
    ]);
    const res = await agent.get('/api/search/clients?minBudget=1000');
    expect(res.status, res.text).toBe(200);
    expect(res.json.clients.map((c: { name: string }) => c.name)).toContain('Comprador Normal');
  });
});
