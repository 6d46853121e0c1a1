import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorMessages,
  interactionSchema,
  recentInteractionSchema,
  validationMessages,
} from '@casa/shared-schema';
import { createMember, TEST_PASSWORD } from '../../../test/factories';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { signedInMembers } from '../../../test/members';

let server: TestServer;
let organizationId: string;
let agentId: string;
let agent: TestClient;
let viewer: TestClient;
let outsider: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  ({ organizationId, agentId, agent, viewer, outsider } = await signedInMembers(server));
});
afterAll(() => server?.close());

const newClient = async (name: string) =>
  (await agent.post('/api/clients', { name, type: 'Vendedor' })).json.id as string;

describe('POST /api/clients/:id/interactions', () => {
  it('accepts the marathon payload: Chamada, saída, session-set ids, empty strings as null', async () => {
    const clientId = await newClient('Maratona');
    const relatedId = randomUUID();
    const res = await agent.post(`/api/clients/${clientId}/interactions`, {
      clientId: randomUUID(),
      organizationId: randomUUID(),
      agentId: randomUUID(),
      createdBy: randomUUID(),
      type: 'Chamada',
      direction: 'saída',
      result: 'Interessado',
      summary: '',
      notes: '',
      duration: 2,
      followUpRequired: true,
      followUpDate: '',
      relatedId,
    });
    expect(res.status).toBe(201);
    expect(interactionSchema.parse(res.json)).toMatchObject({
      clientId,
      organizationId,
      agentId,
      createdBy: agentId,
      type: 'Chamada',
      direction: 'outgoing',
      result: 'Interessado',
      summary: null,
      notes: null,
      duration: 2,
      followUpRequired: true,
      followUpDate: null,
      relatedId,
    });
  });

  it('stores a bare follow-up date at 10:00 Lisbon time', async () => {
    const clientId = await newClient('Data');
    const res = await agent.post(`/api/clients/${clientId}/interactions`, {
      type: 'Visita',
      followUpRequired: true,
      followUpDate: '2026-07-01',
    });
    expect(res.status).toBe(201);
    expect(res.json.followUpDate).toBe('2026-07-01T09:00:00.000Z');
  });

  it("answers validation errors in the 'error' field the client reads", async () => {
    const clientId = await newClient('Erros');
    const noType = await agent.post(`/api/clients/${clientId}/interactions`, { type: '' });
    expect(noType.status).toBe(400);
    expect(noType.json.error).toBe(validationMessages.interactionTypeRequired);
    expect(noType.json.fieldErrors).toEqual({ type: validationMessages.interactionTypeRequired });
    const badDuration = await agent.post(`/api/clients/${clientId}/interactions`, {
      type: 'Email',
      duration: 1.5,
    });
    expect(badDuration.json.fieldErrors).toEqual({ duration: validationMessages.invalidInteger });
    const badRelated = await agent.post(`/api/clients/${clientId}/interactions`, {
      type: 'Email',
      relatedId: 'campanha-1',
    });
    expect(badRelated.status).toBe(400);
    expect(badRelated.json.fieldErrors).toEqual({ relatedId: validationMessages.invalidId });
  });

  it('is replay-safe by id', async () => {
    const clientId = await newClient('Replay');
    const id = randomUUID();
    const first = await agent.post(`/api/clients/${clientId}/interactions`, { id, type: 'Email' });
    const again = await agent.post(`/api/clients/${clientId}/interactions`, { id, type: 'Reunião' });
    expect(again.json).toEqual(first.json);
    expect(await server.knex('client_interactions').where({ id })).toHaveLength(1);
  });

  it('guards roles and organizations', async () => {
    const clientId = await newClient('Guardado');
    const denied = await viewer.post(`/api/clients/${clientId}/interactions`, { type: 'Email' });
    expect(denied.status).toBe(403);
    expect(denied.json.error).toBe(errorMessages.forbidden);
    const foreign = await outsider.post(`/api/clients/${clientId}/interactions`, { type: 'Email' });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error).toBe(errorMessages.clientNotFound);
    expect(
      (await server.client().post(`/api/clients/${clientId}/interactions`, { type: 'Email' })).status,
    ).toBe(401);
    expect(await server.knex('client_interactions').where({ client_id: clientId })).toHaveLength(0);
  });
});

describe('GET /api/clients/:id/interactions and /api/interactions/recent', () => {
  it('lists a client’s interactions newest first', async () => {
    const clientId = await newClient('Histórico');
    await agent.post(`/api/clients/${clientId}/interactions`, { type: 'Email', summary: 'primeira' });
    await agent.post(`/api/clients/${clientId}/interactions`, { type: 'Reunião', summary: 'segunda' });
    const res = await viewer.get(`/api/clients/${clientId}/interactions`);
    expect(res.status).toBe(200);
    const list = res.json.map((i: unknown) => interactionSchema.parse(i));
    expect(list.map((i: { summary: string }) => i.summary)).toEqual(['segunda', 'primeira']);
    expect(Object.keys(res.json[0])).toEqual(
      expect.arrayContaining([
        'id',
        'type',
        'result',
        'direction',
        'summary',
        'notes',
        'duration',
        'createdAt',
      ]),
    );
    expect((await outsider.get(`/api/clients/${clientId}/interactions`)).status).toBe(404);
    expect((await server.client().get(`/api/clients/${clientId}/interactions`)).status).toBe(401);
  });

  it("answers the organization's latest 10 interactions with the client name", async () => {
    const fresh = await createMember(server.knex, 'agent');
    const http = await server.loginAs(fresh.user.email, TEST_PASSWORD);
    const clientId = (await http.post('/api/clients', { name: 'Recente', type: 'Vendedor' })).json
      .id as string;
    for (let i = 0; i < 12; i += 1) {
      await http.post(`/api/clients/${clientId}/interactions`, { type: 'Email', summary: `n${i}` });
    }
    const res = await http.get('/api/interactions/recent');
    expect(res.status).toBe(200);
    const list = res.json.map((i: unknown) => recentInteractionSchema.parse(i));
    expect(list).toHaveLength(10);
    expect(list[0]).toMatchObject({ clientName: 'Recente', summary: 'n11' });
    expect(
      (await outsider.get('/api/interactions/recent')).json.some(
        (i: { clientId: string }) => i.clientId === clientId,
      ),
    ).toBe(false);
    expect((await server.client().get('/api/interactions/recent')).status).toBe(401);
  });
});
