import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex } from '../../db/knex';
import { forOrganization } from '../../db/scope';
import { inTransaction } from '../../db/transaction';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { signedInMembers } from '../../../test/members';
import { readsOf } from '../../../test/statements';
import { testDomainCtx } from '../../../test/domain-ctx';
import { searchClients } from '../search/search.domain';
import { updateClient } from './clients.domain';
import { listClients } from './clients.views';

/*
 * The answer cache of the client list pages and searches (client-answers.policy.ts, db/seq-cache.ts): a hit is
 * the miss's answer, and a write to any table the answer reads — through this server, or through another
 * Knex on the same database (another server process) — makes the next read fresh.
 */

let server: TestServer;
let organizationId: string;
let agentId: string;
let agent: TestClient;
let viewer: TestClient;
let outsider: TestClient;
let anaId: string;
let tagId: string;
let second: Knex;

const LIST = '/api/clients?limit=10';
const SEARCH = '/api/search/clients?q=ana';

/** The statements `fn` sent that read the clients table (none: the answer came from the cache). */
const clientReadsDuring = (fn: () => Promise<unknown>) => readsOf(server.knex, 'clients', fn);

/** GET `url` twice: the second answer must be a hit (no clients read) with the same bytes. */
async function warm(client: TestClient, url: string) {
  const first = await client.get(url);
  expect(first.status).toBe(200);
  let again = first;
  expect(await clientReadsDuring(async () => (again = await client.get(url)))).toBe(0);
  expect(again.text).toBe(first.text);
  return first;
}

const ctxOf = (db: Knex) => testDomainCtx(db, organizationId, { userId: agentId });

beforeAll(async () => {
  server = await startTestServer();
  second = createKnex(server.config);
  ({ organizationId, agentId, agent, viewer, outsider } = await signedInMembers(server, {
    organization: 'Imobiliária Cache',
    outsider: 'Outra Imobiliária',
  }));
  // The outsider's organization holds a client of the same name: its answers differ from the agent's.
  expect((await outsider.post('/api/clients', { name: 'Ana de Fora', type: 'Vendedor' })).status).toBe(201);
  for (const name of ['Ana Silva', 'Bruno Costa', 'Carla Dias']) {
    const res = await agent.post('/api/clients', { name, type: 'Vendedor', phone: '912 345 678' });
    expect(res.status).toBe(201);
    if (name === 'Ana Silva') anaId = res.json.id;
  }
  const tag = await agent.post('/api/tags', { name: 'Urgente' });
  expect(tag.status).toBe(201);
  tagId = tag.json.id;
  expect((await agent.post(`/api/clients/${anaId}/tags`, { tagIds: [tagId] })).status).toBe(200);
});
afterAll(async () => {
  await second?.destroy();
  await server?.close();
});

const anaOf = (list: Array<{ id: string }>) => list.find((c) => c.id === anaId) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('the client answer cache', () => {
  it('answers a hit with the bytes of a miss, which are the uncached answer', async () => {
    const list = await warm(agent, LIST);
    expect(list.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(list.text).toBe(JSON.stringify(await listClients(ctxOf(server.knex), { limit: '10' })));
    expect(anaOf(list.json)).toMatchObject({
      name: 'Ana Silva',
      tagDetails: [{ id: tagId, name: 'Urgente' }],
    });
    const search = await warm(agent, SEARCH);
    expect(search.text).toBe(JSON.stringify(await searchClients(ctxOf(server.knex), { q: 'ana' })));
    expect(search.json.total).toBe(1);
    // The same normalised query ('ANA ' → 'ana') is the same entry.
    expect(await clientReadsDuring(() => agent.get('/api/search/clients?q=%C3%81NA%20'))).toBe(0);
    const after = await warm(agent, `/api/clients?limit=2&after=${anaId}`);
    expect(after.text).toBe(
      JSON.stringify(await listClients(ctxOf(server.knex), { limit: '2', after: anaId })),
    );
  });

  it('gives a viewer the same answer as an agent (no role in listClients or searchClients), from the same entry', async () => {
    const mine = await warm(agent, LIST);
    let theirs = mine;
    expect(await clientReadsDuring(async () => (theirs = await viewer.get(LIST)))).toBe(0);
    expect(theirs.text).toBe(mine.text);
  });

  it('never gives another organization the entry', async () => {
    await warm(agent, LIST);
    await warm(agent, SEARCH);
    const list = await outsider.get(LIST);
    expect(list.json.map((c: { name: string }) => c.name)).toEqual(['Ana de Fora']);
    const search = await outsider.get(SEARCH);
    expect(search.json.clients.map((c: { name: string }) => c.name)).toEqual(['Ana de Fora']);
  });

  it('is fresh after a write to clients through the API', async () => {
    await warm(agent, LIST);
    await warm(agent, SEARCH);
    expect((await agent.put(`/api/clients/${anaId}`, { name: 'Ana Sousa', type: 'Vendedor' })).status).toBe(
      200,
    );
    expect(anaOf((await agent.get(LIST)).json).name).toBe('Ana Sousa');
    expect((await agent.get(SEARCH)).json.clients[0].name).toBe('Ana Sousa');
  });

  it('is fresh after a write to users (the agent name) through the API', async () => {
    const before = anaOf((await warm(agent, LIST)).json).agentName as string;
    const profile = (await agent.get('/api/profile')).json;
    expect((await agent.put('/api/profile', { ...profile, firstName: 'Renomeado' })).status).toBe(200);
    const after = anaOf((await agent.get(LIST)).json).agentName as string;
    expect(after).not.toBe(before);
    expect(after.startsWith('Renomeado')).toBe(true);
  });

  it('is fresh after a write to client_tags alone, and to tags alone (the organization scope logs both)', async () => {
    await warm(agent, LIST);
    await inTransaction(ctxOf(server.knex), (tx) =>
      forOrganization(tx.db, tx.auth).update('tags', tagId, { name: 'Muito urgente' }, tx.now),
    );
    expect(anaOf((await agent.get(LIST)).json).tagDetails).toMatchObject([
      { id: tagId, name: 'Muito urgente' },
    ]);
    await warm(agent, LIST);
    await inTransaction(ctxOf(server.knex), (tx) =>
      forOrganization(tx.db, tx.auth).softDeleteWhere('client_tags', { client_id: anaId }, tx.now),
    );
    expect(anaOf((await agent.get(LIST)).json).tagDetails).toEqual([]);
  });

  it('stays a hit for a search after a write to a table it does not read', async () => {
    await warm(agent, SEARCH);
    await inTransaction(ctxOf(server.knex), (tx) =>
      forOrganization(tx.db, tx.auth).update('tags', tagId, { name: 'Outra' }, tx.now),
    );
    expect(await clientReadsDuring(() => agent.get(SEARCH))).toBe(0);
  });

  it('is fresh after a write through another Knex on the same database (another server process)', async () => {
    await warm(agent, LIST);
    await warm(agent, SEARCH);
    await updateClient(ctxOf(second), { id: anaId, name: 'Ana Pereira', type: 'Vendedor' });
    expect(anaOf((await agent.get(LIST)).json).name).toBe('Ana Pereira');
    expect((await agent.get(SEARCH)).json.clients[0].name).toBe('Ana Pereira');
  });
});
