import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, TEST_PASSWORD } from '../../../test/factories';
import { TEST_DIALECT } from '../../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';

let server: TestServer;
let client: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  const { user } = await createMember(server.knex, 'agent');
  client = await server.loginAs(user.email, TEST_PASSWORD);
});
afterAll(() => server.close());

async function found(q: string): Promise<string[]> {
  const res = await client.get(`/api/search/clients?${new URLSearchParams({ q, limit: '100' }).toString()}`);
  expect(res.status).toBe(200);
  return (res.json as { clients: Array<{ name: string }> }).clients.map((c) => c.name);
}

/** SQLite: FTS5's own check of clients_fts against its content table (clients); throws when they differ. */
async function indexMatchesRows(): Promise<void> {
  if (TEST_DIALECT !== 'sqlite') return;
  await server.knex.raw("INSERT INTO clients_fts (clients_fts, rank) VALUES ('integrity-check', 1)");
}

describe(`search index follows client writes (${TEST_DIALECT})`, () => {
  it('finds a client after create, update of name and tags, and not after delete', async () => {
    const created = await client.post('/api/clients', {
      name: 'Zélia Trindade',
      type: 'Vendedor',
      notes: 'Moradia em Sintra',
    });
    expect(created.status).toBe(201);
    const id = (created.json as { id: string }).id;
    await indexMatchesRows();
    expect(await found('trindade')).toEqual(['Zélia Trindade']);
    expect(await found('SINTRA')).toEqual(['Zélia Trindade']);

    expect((await client.put(`/api/clients/${id}`, { name: 'Zélia Quaresma' })).status).toBe(200);
    await indexMatchesRows();
    expect(await found('trindade')).toEqual([]);
    expect(await found('quaresma')).toEqual(['Zélia Quaresma']);
    expect(await found('zel')).toEqual(['Zélia Quaresma']);

    const tag = await client.post('/api/tags', { name: 'Penthouse' });
    expect(tag.status).toBe(201);
    const tagId =
      (tag.json as { tag?: { id: string }; id?: string }).tag?.id ?? (tag.json as { id: string }).id;
    expect((await client.post(`/api/clients/${id}/tags`, { tagIds: [tagId] })).status).toBe(200);
    await indexMatchesRows();
    expect(await found('penthouse')).toEqual(['Zélia Quaresma']);

    expect((await client.delete(`/api/clients/${id}`)).status).toBe(200);
    await indexMatchesRows();
    expect(await found('quaresma')).toEqual([]);
    expect(await found('penthouse')).toEqual([]);
  });

  it('answers 1- and 2-character queries (below the trigram length) by scanning', async () => {
    expect((await client.post('/api/clients', { name: 'Xu Qi', type: 'Vendedor' })).status).toBe(201);
    expect(await found('xu')).toEqual(['Xu Qi']);
    expect(await found('q')).toContain('Xu Qi');
  });

  it('treats GLOB wildcards in a short query as plain text (SQLite scans with GLOB below the trigram length)', async () => {
    expect((await client.post('/api/clients', { name: 'Glob a*b?c[d]', type: 'Vendedor' })).status).toBe(201);
    expect((await client.post('/api/clients', { name: 'Glob axbyczd', type: 'Vendedor' })).status).toBe(201);
    expect(await found('a*')).toEqual(['Glob a*b?c[d]']);
    expect(await found('b?')).toEqual(['Glob a*b?c[d]']);
    expect(await found('[d')).toEqual(['Glob a*b?c[d]']);
    expect(await found('*')).toEqual(['Glob a*b?c[d]']);
    expect(await found('?')).toEqual(['Glob a*b?c[d]']);
    expect(await found('c[d]')).toEqual(['Glob a*b?c[d]']);
    expect(await found('[')).toEqual(['Glob a*b?c[d]']);
  });

  it('treats quotes and FTS syntax in a query as plain text', async () => {
    expect(
      (await client.post('/api/clients', { name: 'Rui "O Grande" OR Sousa', type: 'Vendedor' })).status,
    ).toBe(201);
    expect(await found('"o grande" or')).toEqual(['Rui "O Grande" OR Sousa']);
    expect(await found('de" OR "x')).toEqual([]);
    expect(await found('NEAR(a b)')).toEqual([]);
  });
});
