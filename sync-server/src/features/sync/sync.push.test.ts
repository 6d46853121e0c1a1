import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages, FOLLOW_UP_TYPES, INTERACTION_TYPES, SYNC_ERROR_CODES } from '@casa/shared-schema';
import { createMember, createUser, TEST_PASSWORD } from '../../../test/factories';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { Device, Replica } from './sync.testkit';

let server: TestServer;
let orgId: string;
let adminHttp: TestClient;

const soon = () => new Date(Date.now() + 86_400_000).toISOString();

/** A client and one follow-up of it, created by `device`, as the mutations a device queues. */
function clientAndFollowUp(device: Device, name: string) {
  const clientId = randomUUID();
  const followUpId = randomUUID();
  const mutations = [
    device.mutation('createClient', { id: clientId, name, type: 'Vendedor' }),
    device.mutation('createFollowUp', {
      id: followUpId,
      clientId,
      title: 'Ligar',
      type: FOLLOW_UP_TYPES[0],
      scheduledDate: soon(),
    }),
  ];
  return { clientId, followUpId, mutations };
}

async function newAgent(role: 'agent' | 'viewer' = 'agent') {
  const user = await createUser(server.knex, { organizationId: orgId, role });
  return { user, http: await server.loginAs(user.email, TEST_PASSWORD) };
}

const count = async (table: string, where: Record<string, unknown>) =>
  Number(((await server.knex(table).where(where).count({ n: '*' })) as Array<{ n: unknown }>)[0]!.n);

beforeAll(async () => {
  server = await startTestServer();
  const member = await createMember(server.knex, 'admin');
  orgId = member.organization.id;
  adminHttp = await server.loginAs(member.user.email, TEST_PASSWORD);
});

afterAll(async () => {
  await server?.close();
});

describe('POST /api/sync/push', () => {
  it('needs a session and a valid body', async () => {
    const body = { clientId: randomUUID(), mutations: [{ mutationId: 1, name: 'createTag', args: {} }] };
    expect((await server.client().post('/api/sync/push', body)).status).toBe(401);
    const { http } = await newAgent();
    expect((await http.post('/api/sync/push', { clientId: 'x', mutations: [] })).status).toBe(400);
    const tooMany = Array.from({ length: 201 }, (_, i) => ({
      mutationId: i + 1,
      name: 'createTag',
      args: {},
    }));
    expect((await http.post('/api/sync/push', { clientId: randomUUID(), mutations: tooMany })).status).toBe(
      400,
    );
  });

  it('applies mutations in order through the domain functions and answers their results', async () => {
    const { user, http } = await newAgent();
    const device = new Device(http);
    const clientId = randomUUID();
    const tagId = randomUUID();
    const res = await device.push([
      device.mutation('createClient', { id: clientId, name: 'Rui Push', type: 'Vendedor' }),
      device.mutation('updateClient', { id: clientId, notes: 'Primeira nota' }),
      device.mutation('createTag', { id: tagId, name: `Tag ${tagId.slice(0, 6)}`, color: '#ef4444' }),
      device.mutation('setClientTags', { clientId, tagIds: [tagId] }),
      device.mutation('updateClient', { id: clientId, name: 'Rui Final' }),
    ]);
    expect(res.lastMutationId).toBe(5);
    expect(res.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
    expect(res.results[0]!.result).toMatchObject({ id: clientId, agentId: user.id, name: 'Rui Push' });
    expect(res.results[2]!.result).toMatchObject({ id: tagId, color: '#ef4444' }); // the Tag, unwrapped
    const stored = await http.get(`/api/clients/${clientId}`);
    expect(stored.json).toMatchObject({
      name: 'Rui Final',
      notes: 'Primeira nota',
      tags: [`Tag ${tagId.slice(0, 6)}`],
    });
  });

  it('replays the same batch three times: same results, nothing applied twice', async () => {
    const { http } = await newAgent();
    const device = new Device(http);
    const clientId = randomUUID();
    const batch = [
      device.mutation('createClient', { id: clientId, name: 'Replay', type: 'Vendedor' }),
      device.mutation('addInteraction', { clientId, type: INTERACTION_TYPES[0], summary: 'Sem id' }),
      device.mutation('updateClient', { id: randomUUID(), name: 'Ninguém' }),
    ];
    const first = await device.push(batch);
    const second = await device.push(batch);
    const third = await device.push(batch);
    expect(first.results.map((r) => r.replayed)).toEqual([undefined, undefined, undefined]);
    for (const again of [second, third]) {
      expect(again.lastMutationId).toBe(3);
      expect(again.results).toEqual(first.results.map((r) => ({ ...r, replayed: true })));
    }
    expect(await count('clients', { id: clientId })).toBe(1);
    expect(await count('client_interactions', { client_id: clientId })).toBe(1);
  });

  it('refuses a gap: 409 with lastMutationId, nothing applied', async () => {
    const { http } = await newAgent();
    const device = new Device(http);
    await device.push([device.mutation('createTag', { name: `Gap ${randomUUID().slice(0, 8)}` })]);
    const clientId = randomUUID();
    const ahead = {
      mutationId: 3,
      name: 'createClient',
      args: { id: clientId, name: 'Lacuna', type: 'Vendedor' },
    };
    const res = await http.post('/api/sync/push', { clientId: device.clientId, mutations: [ahead] });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      code: SYNC_ERROR_CODES.gap,
      lastMutationId: 1,
      message: errorMessages.syncMutationGap,
    });
    const holes = {
      clientId: device.clientId,
      mutations: [
        { ...ahead, mutationId: 2 },
        { ...ahead, mutationId: 4 },
      ],
    };
    expect((await http.post('/api/sync/push', holes)).status).toBe(409);
    expect(await count('clients', { id: clientId })).toBe(0);
  });

  it('records a poison mutation as rejected and applies the ones after it', async () => {
    const { http } = await newAgent();
    const device = new Device(http);
    const before = randomUUID();
    const after = randomUUID();
    const res = await device.push([
      device.mutation('createClient', { id: before, name: 'Antes', type: 'Vendedor' }),
      device.mutation('createClient', { id: randomUUID(), name: '', type: 'Vendedor' }),
      device.mutation('updateClient', { id: randomUUID(), name: 'Fantasma' }),
      device.mutation('createClient', { id: after, name: 'Depois', type: 'Vendedor' }),
    ]);
    expect(res.lastMutationId).toBe(4);
    expect(res.results.map((r) => r.status)).toEqual(['applied', 'rejected', 'rejected', 'applied']);
    expect(res.results[1]!.error).toMatchObject({
      status: 400,
      code: 'validation',
      fieldErrors: { name: expect.any(String) },
    });
    expect(res.results[2]!.error).toEqual({
      message: errorMessages.clientNotFound,
      code: 'not_found',
      status: 404,
    });
    expect(await count('clients', { id: before })).toBe(1);
    expect(await count('clients', { id: after })).toBe(1);
  });

  it("rejects an edit of a client deleted elsewhere with 'Cliente não encontrado'; a repeated delete is applied", async () => {
    const { http } = await newAgent();
    const device = new Device(http);
    const clientId = randomUUID();
    await device.push([
      device.mutation('createClient', { id: clientId, name: 'Vai Sair', type: 'Vendedor' }),
    ]);
    expect((await adminHttp.delete(`/api/clients/${clientId}`)).status).toBe(200);
    const res = await device.push([
      device.mutation('updateClient', { id: clientId, notes: 'tarde demais' }),
      device.mutation('deleteClient', { id: clientId }),
      device.mutation('deleteClient', { id: randomUUID() }),
      // Not a uuid: the same 404 as the device's, never a Postgres type error (the equivalence test).
      device.mutation('deleteClient', { id: 'x' }),
      device.mutation('removeCampaignClient', { campaignId: randomUUID(), clientId: '' }),
    ]);
    expect(res.results[0]).toMatchObject({
      status: 'rejected',
      error: { message: 'Cliente não encontrado', status: 404 },
    });
    expect(res.results[1]).toEqual({ mutationId: res.results[1]!.mutationId, status: 'applied' });
    expect(res.results[2]).toMatchObject({ status: 'rejected', error: { status: 404 } });
    expect(res.results[3]).toMatchObject({
      status: 'rejected',
      error: { message: 'Cliente não encontrado' },
    });
    expect(res.results[4]).toMatchObject({ status: 'rejected', error: { status: 404 } });
  });

  it('keeps the first completion of a follow-up and reports the second', async () => {
    const { http } = await newAgent();
    const a = new Device(http);
    const b = new Device(http);
    const { clientId, followUpId, mutations } = clientAndFollowUp(a, 'Follow');
    await a.push(mutations);
    const first = await a.push([
      a.mutation('completeFollowUp', {
        id: followUpId,
        completionComment: 'Feito em A',
        nextFollowUp: { type: FOLLOW_UP_TYPES[0], scheduledDate: soon() },
      }),
    ]);
    expect(first.results[0]).toMatchObject({
      status: 'applied',
      result: { followUp: { completed: true }, nextFollowUp: { clientId } },
    });
    const second = await b.push([
      b.mutation('completeFollowUp', { id: followUpId, completionComment: 'Feito em B' }),
    ]);
    expect(second.results[0]).toMatchObject({
      status: 'rejected',
      error: { code: 'already_completed', status: 409, message: errorMessages.followUpAlreadyCompleted },
    });
    const stored = await http.get(`/api/followups/${followUpId}`);
    expect(stored.json).toMatchObject({ completed: true, completionComment: 'Feito em A' });
  });

  it('refuses an offline edit that would reopen a completed follow-up, and the queue moves on', async () => {
    const { http } = await newAgent();
    const a = new Device(http);
    const b = new Device(http);
    const { followUpId, mutations } = clientAndFollowUp(a, 'Reabrir');
    await a.push([
      ...mutations,
      a.mutation('completeFollowUp', { id: followUpId, completionComment: 'Primeira' }),
    ]);
    const first = (await http.get(`/api/followups/${followUpId}`)).json;
    const pushed = await b.push([
      b.mutation('updateFollowUp', { id: followUpId, completed: false }),
      b.mutation('completeFollowUp', { id: followUpId, completionComment: 'Segunda' }),
      b.mutation('updateFollowUp', { id: followUpId, notes: 'Depois' }),
    ]);
    expect(pushed.results.map((r: { status: string }) => r.status)).toEqual([
      'rejected',
      'rejected',
      'applied',
    ]);
    expect(pushed.results[0]).toMatchObject({
      error: { code: 'already_completed', status: 409, message: errorMessages.followUpReopenRefused },
    });
    const stored = (await http.get(`/api/followups/${followUpId}`)).json;
    expect(stored).toMatchObject({
      completed: true,
      completedAt: first.completedAt,
      completionComment: 'Primeira',
      notes: 'Depois',
    });
  });

  it('field-level last writer wins in arrival order for plain edits', async () => {
    const { http } = await newAgent();
    const a = new Device(http);
    const b = new Device(http);
    const clientId = randomUUID();
    await a.push([a.mutation('createClient', { id: clientId, name: 'Campos', type: 'Vendedor' })]);
    await a.push([a.mutation('updateClient', { id: clientId, notes: 'nota de A' })]);
    await b.push([b.mutation('updateClient', { id: clientId, phone: '+351910000009' })]);
    await b.push([b.mutation('updateClient', { id: clientId, notes: 'nota de B' })]);
    const stored = await http.get(`/api/clients/${clientId}`);
    expect(stored.json).toMatchObject({ notes: 'nota de B', phone: '+351910000009', name: 'Campos' });
  });

  it('two devices converge: A pushes, B pulls it (and A gets its own write back)', async () => {
    const { http } = await newAgent();
    const { http: otherHttp } = await newAgent();
    const a = new Device(http);
    const replicaA = new Replica(http);
    const replicaB = new Replica(otherHttp);
    await replicaA.sync();
    await replicaB.sync();
    const clientId = randomUUID();
    await a.push([
      a.mutation('createClient', { id: clientId, name: 'Convergente', type: 'Vendedor' }),
      a.mutation('logColdCall', { clientId, result: 'Interessado' }),
    ]);
    await replicaA.sync();
    await replicaB.sync();
    expect(replicaB.rows('clients').get(clientId)).toMatchObject({ name: 'Convergente' });
    expect([...replicaB.rows('coldCalls').values()].some((c) => c.clientId === clientId)).toBe(true);
    for (const table of ['clients', 'coldCalls', 'followUps'] as const) {
      expect([...replicaA.rows(table).keys()].sort()).toEqual([...replicaB.rows(table).keys()].sort());
    }
  });

  it('a lost response (the same push sent again) does not duplicate', async () => {
    const { http } = await newAgent();
    const device = new Device(http);
    const clientId = randomUUID();
    const batch = [
      device.mutation('createClient', { id: clientId, name: 'Perdido', type: 'Vendedor' }),
      device.mutation('logColdCall', { clientId, result: 'Não Atendeu' }),
    ];
    await device.push(batch); // the answer is "lost": the device sends it again with one more mutation
    const res = await device.push([...batch, device.mutation('updateClient', { id: clientId, rating: 4 })]);
    expect(res.results.map((r) => [r.status, r.replayed ?? false])).toEqual([
      ['applied', true],
      ['applied', true],
      ['applied', false],
    ]);
    expect(await count('cold_calls', { client_id: clientId })).toBe(1);
  });

  it('a viewer can push but each write is rejected with the 403 text, and the sequence advances', async () => {
    const { http } = await newAgent('viewer');
    const device = new Device(http);
    const res = await device.push([
      device.mutation('createClient', { id: randomUUID(), name: 'Não', type: 'Vendedor' }),
      device.mutation('createTag', { name: 'Não' }),
      device.mutation('updateSettings', { appearance: { theme: 'dark' } }),
      device.mutation('updateNotificationPreferences', { birthdays: false, notification_time: '08:30' }),
    ]);
    expect(res.lastMutationId).toBe(4);
    expect(res.results.slice(0, 2)).toEqual([
      {
        mutationId: 1,
        status: 'rejected',
        error: { message: errorMessages.forbidden, code: 'forbidden', status: 403 },
      },
      {
        mutationId: 2,
        status: 'rejected',
        error: { message: errorMessages.forbidden, code: 'forbidden', status: 403 },
      },
    ]);
    // Own settings and preferences: allowed to every role, as over REST.
    expect(res.results.slice(2).map((r) => r.status)).toEqual(['applied', 'applied']);
    const prefs = await http.get('/api/notifications/preferences');
    expect(prefs.json).toMatchObject({ birthdays: false, follow_ups: true, notification_time: '08:30' });
  });

  it('a role change takes effect on the next push; a suspension refuses the whole push', async () => {
    const { user, http } = await newAgent();
    const device = new Device(http);
    const first = await device.push([
      device.mutation('createTag', { name: `Antes ${randomUUID().slice(0, 6)}` }),
    ]);
    expect(first.results[0]!.status).toBe('applied');
    expect((await adminHttp.put(`/api/organization/users/${user.id}`, { role: 'viewer' })).status).toBe(200);
    const queued = [
      device.mutation('createTag', { name: `Depois ${randomUUID().slice(0, 6)}` }),
      device.mutation('createClient', { id: randomUUID(), name: 'Depois', type: 'Vendedor' }),
    ];
    const second = await device.push(queued);
    expect(second.results.map((r) => r.error?.message)).toEqual([
      errorMessages.forbidden,
      errorMessages.forbidden,
    ]);
    expect(second.lastMutationId).toBe(3);

    expect(
      (await adminHttp.put(`/api/organization/users/${user.id}`, { status: 'suspended', role: 'agent' }))
        .status,
    ).toBe(200);
    const res = await http.post('/api/sync/push', {
      clientId: device.clientId,
      mutations: [device.mutation('createTag', { name: 'Suspenso' })],
    });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(errorMessages.accountSuspended);
  });

  it("refuses a clientId registered to another user (403) and never touches another organization's rows", async () => {
    const { http } = await newAgent();
    const device = new Device(http);
    await device.push([device.mutation('createTag', { name: `Meu ${randomUUID().slice(0, 6)}` })]);
    const { http: intruder } = await newAgent();
    const res = await intruder.post('/api/sync/push', {
      clientId: device.clientId,
      mutations: [{ mutationId: 2, name: 'createTag', args: { name: 'Intruso' } }],
    });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({
      code: SYNC_ERROR_CODES.foreignClient,
      message: errorMessages.syncForeignClient,
    });

    const stranger = await createMember(server.knex, 'admin');
    const strangerHttp = await server.loginAs(stranger.user.email, TEST_PASSWORD);
    const foreignClient = await strangerHttp.post('/api/clients', { name: 'Alheio', type: 'Vendedor' });
    const mine = new Device(http);
    const attempt = await mine.push([
      mine.mutation('updateClient', { id: foreignClient.json.id, name: 'Roubado' }),
      mine.mutation('deleteClient', { id: foreignClient.json.id }),
      mine.mutation('createClient', { id: foreignClient.json.id, name: 'Sequestro', type: 'Vendedor' }),
    ]);
    expect(attempt.results.map((r) => r.error?.status)).toEqual([404, 404, 409]);
    expect(JSON.stringify(attempt)).not.toContain('Alheio');
    expect((await strangerHttp.get(`/api/clients/${foreignClient.json.id}`)).json).toMatchObject({
      name: 'Alheio',
    });
  });

  it('two concurrent pushes of the same batch apply it once', async () => {
    const { http } = await newAgent();
    const device = new Device(http);
    const clientId = randomUUID();
    const batch = [
      device.mutation('createClient', { id: clientId, name: 'Concorrente', type: 'Vendedor' }),
      ...Array.from({ length: 5 }, () =>
        device.mutation('addInteraction', { clientId, type: INTERACTION_TYPES[0] }),
      ),
    ];
    const [x, y] = await Promise.all([device.push(batch), device.push(batch)]);
    expect(x.lastMutationId).toBe(6);
    expect(y.lastMutationId).toBe(6);
    for (let i = 0; i < 6; i++) {
      expect(x.results[i]!.status).toBe('applied');
      expect(y.results[i]!.status).toBe('applied');
      expect(Boolean(x.results[i]!.replayed) !== Boolean(y.results[i]!.replayed)).toBe(true);
    }
    expect(await count('client_interactions', { client_id: clientId })).toBe(5);
  });

  it('drains a 1,200-mutation outbox in chunks of 200 (10,000: scripts/bench/sync.ts) and keeps the last 1000 outcomes', async () => {
    const { user, http } = await newAgent();
    const now = new Date().toISOString();
    const ids = Array.from({ length: 50 }, () => randomUUID());
    await server.knex('notifications').insert(
      ids.map((id) => ({
        id,
        organization_id: orgId,
        user_id: user.id,
        type: 'system',
        title: 'Aviso',
        read: false,
        created_at: now,
        updated_at: now,
      })),
    );
    const device = new Device(http);
    const outbox = Array.from({ length: 1_200 }, (_, i) =>
      device.mutation('markNotificationRead', { id: ids[i % ids.length] }),
    );
    let last = 0;
    for (let i = 0; i < outbox.length; i += 200) {
      const res = await device.push(outbox.slice(i, i + 200));
      expect(res.results.every((r) => r.status === 'applied' && !r.replayed)).toBe(true);
      last = res.lastMutationId;
    }
    expect(last).toBe(1_200);
    expect(await count('notifications', { user_id: user.id, read: true })).toBe(50);
    expect(await count('sync_mutation_results', { client_id: device.clientId })).toBe(1000);
  }, 120_000);
});
