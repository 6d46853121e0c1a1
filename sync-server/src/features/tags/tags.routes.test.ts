import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages, tagRefSchema, tagSchema, validationMessages } from '@casa/shared-schema';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { signedInMembers } from '../../../test/members';

let server: TestServer;
let organizationId: string;
let agent: TestClient;
let viewer: TestClient;
let outsider: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  ({ organizationId, agent, viewer, outsider } = await signedInMembers(server));
});
afterAll(() => server?.close());

const newClient = async (http: TestClient, name: string) =>
  (await http.post('/api/clients', { name, type: 'Vendedor' })).json.id as string;

describe('/api/tags', () => {
  it('creates a tag with the default colour (201) and lists it', async () => {
    const res = await agent.post('/api/tags', { name: '  Investidor VIP  ', organizationId: randomUUID() });
    expect(res.status).toBe(201);
    expect(tagSchema.parse(res.json)).toMatchObject({
      name: 'Investidor VIP',
      color: '#3b82f6',
      organizationId,
    });
    const list = await viewer.get('/api/tags');
    expect(list.status).toBe(200);
    expect(list.json.map((t: unknown) => tagSchema.parse(t).name)).toContain('Investidor VIP');
    expect((await outsider.get('/api/tags')).json).toEqual([]);
  });

  it('reuses an existing tag with the same name, case-insensitively (200, same id)', async () => {
    const first = await agent.post('/api/tags', { name: 'Ângulo Norte', color: '#22c55e' });
    const again = await agent.post('/api/tags', { name: 'ângulo norte' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    const rows = await server.knex('tags').where({ organization_id: organizationId, name: 'Ângulo Norte' });
    expect(rows).toHaveLength(1);
    // Another organization gets its own tag.
    const foreign = await outsider.post('/api/tags', { name: 'Ângulo Norte' });
    expect(foreign.status).toBe(201);
    expect(foreign.json.id).not.toBe(first.json.id);
  });

  it('validates the name and colour, and refuses viewers and anonymous callers', async () => {
    const blank = await agent.post('/api/tags', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.json.message).toBe(validationMessages.tagNameRequired);
    expect(blank.json.fieldErrors).toEqual({ name: validationMessages.tagNameRequired });
    const color = await agent.post('/api/tags', { name: 'Cor', color: 'azul' });
    expect(color.status).toBe(400);
    expect(color.json.fieldErrors).toEqual({ color: validationMessages.invalidColor });
    const denied = await viewer.post('/api/tags', { name: 'Nope' });
    expect(denied.status).toBe(403);
    expect(denied.json.message).toBe(errorMessages.forbidden);
    expect((await server.client().get('/api/tags')).status).toBe(401);
    expect((await server.client().post('/api/tags', { name: 'x' })).status).toBe(401);
  });
});

describe('/api/clients/:id/tags', () => {
  it("replaces the client's tags and keeps clients.tags in sync", async () => {
    const clientId = await newClient(agent, 'Com Tags');
    const a = (await agent.post('/api/tags', { name: 'Alfa' })).json;
    const b = (await agent.post('/api/tags', { name: 'Beta' })).json;
    const c = (await agent.post('/api/tags', { name: 'Gama' })).json;

    const set1 = await agent.post(`/api/clients/${clientId}/tags`, { tagIds: [b.id, a.id] });
    expect(set1.status).toBe(200);
    expect(set1.json.map((t: unknown) => tagRefSchema.parse(t).name)).toEqual(['Alfa', 'Beta']);

    const set2 = await agent.post(`/api/clients/${clientId}/tags`, { tagIds: [c.id, b.id] });
    expect(set2.json.map((t: { name: string }) => t.name)).toEqual(['Beta', 'Gama']);
    const read = await viewer.get(`/api/clients/${clientId}/tags`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual([
      { id: b.id, name: 'Beta', color: '#3b82f6' },
      { id: c.id, name: 'Gama', color: '#3b82f6' },
    ]);
    expect((await agent.get(`/api/clients/${clientId}`)).json.tags).toEqual(['Beta', 'Gama']);
    const links = await server.knex('client_tags').where({ client_id: clientId });
    const removed = links.filter((l: { tag_id: string }) => l.tag_id === a.id);
    expect(removed).toHaveLength(1);
    expect(removed[0].deleted_at).not.toBeNull();

    // A tag removed earlier can be linked again; an empty list clears everything.
    const back = await agent.post(`/api/clients/${clientId}/tags`, { tagIds: [a.id] });
    expect(back.json.map((t: { name: string }) => t.name)).toEqual(['Alfa']);
    expect((await agent.post(`/api/clients/${clientId}/tags`, { tagIds: [] })).json).toEqual([]);
    expect((await agent.get(`/api/clients/${clientId}`)).json.tags).toEqual([]);
    expect((await agent.get(`/api/clients/${clientId}/tags`)).json).toEqual([]);
  });

  it("answers 404 for another organization's tag or client and changes nothing", async () => {
    const clientId = await newClient(agent, 'Isolado');
    const mine = (await agent.post('/api/tags', { name: 'Minha' })).json;
    await agent.post(`/api/clients/${clientId}/tags`, { tagIds: [mine.id] });
    const foreignTag = (await outsider.post('/api/tags', { name: 'Alheia' })).json;

    const res = await agent.post(`/api/clients/${clientId}/tags`, { tagIds: [foreignTag.id] });
    expect(res.status).toBe(404);
    expect((await agent.get(`/api/clients/${clientId}/tags`)).json.map((t: { id: string }) => t.id)).toEqual([
      mine.id,
    ]);
    const foreignClient = await outsider.post(`/api/clients/${clientId}/tags`, { tagIds: [] });
    expect(foreignClient.status).toBe(404);
    expect(foreignClient.json.message).toBe(errorMessages.clientNotFound);
    expect((await outsider.get(`/api/clients/${clientId}/tags`)).status).toBe(404);
    expect((await agent.get(`/api/clients/${clientId}/tags`)).json).toHaveLength(1);
  });

  it('validates tagIds and guards roles', async () => {
    const clientId = await newClient(agent, 'Validado');
    const bad = await agent.post(`/api/clients/${clientId}/tags`, { tagIds: ['x'] });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe(validationMessages.invalidId);
    expect((await viewer.post(`/api/clients/${clientId}/tags`, { tagIds: [] })).status).toBe(403);
    expect((await server.client().post(`/api/clients/${clientId}/tags`, { tagIds: [] })).status).toBe(401);
    expect((await server.client().get(`/api/clients/${clientId}/tags`)).status).toBe(401);
  });
});
