import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coldCallSchema, errorMessages, validationMessages } from '@casa/shared-schema';
import { createClient, createMember, createUser, TEST_PASSWORD } from '../../../test/factories';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof createMember>> & { http: TestClient };

async function member(role: 'agent' | 'viewer' = 'agent'): Promise<Member> {
  const m = await createMember(server.knex, role);
  return { ...m, http: await server.loginAs(m.user.email, TEST_PASSWORD) };
}

async function phoneClient(organizationId: string, name: string, phone = '912345678'): Promise<string> {
  const id = await createClient(server.knex, organizationId, { name });
  await server.knex('clients').where({ id }).update({ phone });
  return id;
}

async function campaign(m: Member, body: Record<string, unknown> = {}) {
  const res = await m.http.post('/api/campaigns', {
    name: 'Campanha',
    targetCount: 20,
    filters: {},
    ...body,
  });
  expect(res.status).toBe(201);
  return res.json as { id: string; completedCount: number };
}

type CampaignTotals = { id: string; completedCount: number; totalCalls: number; totalClients: number };

async function campaignOf(m: Member, id: string): Promise<CampaignTotals | undefined> {
  const list = (await m.http.get('/api/campaigns')).json as CampaignTotals[];
  return list.find((c) => c.id === id);
}

describe('POST /api/coldcalls', () => {
  it('needs a session', async () => {
    expect((await server.client().post('/api/coldcalls', {})).status).toBe(401);
    expect((await server.client().get('/api/coldcalls')).status).toBe(401);
  });

  it('logs a call with server-set calledAt and agent, defaults and the follow-up rule', async () => {
    const m = await member();
    const clientId = await phoneClient(m.organization.id, 'Rui Costa', '961111111');
    const before = Date.now();
    const res = await m.http.post('/api/coldcalls', {
      clientId,
      campaignId: null,
      result: 'Interessado',
      notes: 'Quer T2',
      calledAt: '2001-01-01T00:00:00Z',
      agentId: randomUUID(),
      organizationId: randomUUID(),
    });
    expect(res.status).toBe(201);
    const call = coldCallSchema.parse(res.json);
    expect(call).toMatchObject({
      organizationId: m.organization.id,
      agentId: m.user.id,
      createdBy: m.user.id,
      clientId,
      campaignId: null,
      phoneNumber: '961111111',
      result: 'Interessado',
      duration: 0,
      followUpNeeded: true,
    });
    expect(Date.parse(call.calledAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(res.json.followUp).toBeNull();

    const answered = await m.http.post('/api/coldcalls', { clientId, result: 'Atendeu', duration: 3 });
    expect(answered.json).toMatchObject({ followUpNeeded: false, duration: 3 });
    const scheduled = await m.http.post('/api/coldcalls', { clientId, result: 'Agendar Follow-up' });
    expect(scheduled.json.followUpNeeded).toBe(true);
    const explicit = await m.http.post('/api/coldcalls', {
      clientId,
      result: 'Interessado',
      followUpNeeded: false,
    });
    expect(explicit.json.followUpNeeded).toBe(false);

    const list = await m.http.get('/api/coldcalls');
    expect(list.status).toBe(200);
    expect(list.json).toHaveLength(4);
    expect(list.json[0].clientName).toBe('Rui Costa');
  });

  it('keeps the time of a call made earlier (Acted-At header), bounded by the server clock', async () => {
    const m = await member();
    const clientId = await phoneClient(m.organization.id, 'Ana Sem Rede');
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const earlier = await m.http.post(
      '/api/coldcalls',
      { clientId, result: 'Atendeu' },
      { headers: { 'Acted-At': yesterday } },
    );
    expect(earlier.status).toBe(201);
    expect(earlier.json.calledAt).toBe(yesterday);
    expect(earlier.json.createdAt).toBe(yesterday);
    expect(Date.parse(earlier.json.updatedAt)).toBeGreaterThan(Date.parse(yesterday) + 80_000_000);
    // A clock ahead, a broken one and an unreadable value all give the server's time.
    for (const claimed of ['2999-01-01T00:00:00Z', '1970-01-01T00:00:00Z', 'ontem']) {
      const before = Date.now();
      const res = await m.http.post(
        '/api/coldcalls',
        { clientId, result: 'Atendeu' },
        { headers: { 'Acted-At': claimed } },
      );
      expect(res.status).toBe(201);
      expect(Date.parse(res.json.calledAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(res.json.calledAt)).toBeLessThanOrEqual(Date.now());
    }
    const stats = (await m.http.get('/api/stats/coldcalls')).json;
    expect(stats).toMatchObject({ totalCalls: 4, callsToday: 3 });
  });

  it('accepts the marathon payload (docs/product.md#cold-calls)', async () => {
    const m = await member();
    const clientId = await phoneClient(m.organization.id, 'Marta');
    const res = await m.http.post('/api/coldcalls', {
      organizationId: m.organization.id,
      clientId,
      campaignId: null,
      result: 'Não Atendeu',
      notes: '',
      duration: 2,
      followUpNeeded: false,
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ duration: 2, notes: null, result: 'Não Atendeu' });
  });

  it('validates with Portuguese messages', async () => {
    const m = await member();
    const noClient = await m.http.post('/api/coldcalls', { result: 'Atendeu' });
    expect(noClient.status).toBe(400);
    expect(noClient.json.fieldErrors.clientId).toBe(validationMessages.followUpClientRequired);
    const clientId = await phoneClient(m.organization.id, 'X');
    const badResult = await m.http.post('/api/coldcalls', { clientId, result: 'Talvez' });
    expect(badResult.status).toBe(400);
    expect(badResult.json.fieldErrors.result).toBe(validationMessages.callResultRequired);
    const badDuration = await m.http.post('/api/coldcalls', { clientId, duration: 1.5 });
    expect(badDuration.status).toBe(400);
    expect(badDuration.json.fieldErrors.duration).toBe(validationMessages.invalidInteger);
  });

  it('answers 404 for another organization’s client or campaign, 403 for a viewer', async () => {
    const m = await member();
    const foreign = await member();
    const theirClient = await phoneClient(foreign.organization.id, 'Alheio');
    const theirCampaign = await campaign(foreign);
    const res = await m.http.post('/api/coldcalls', { clientId: theirClient, result: 'Atendeu' });
    expect(res.status).toBe(404);
    expect(res.json.message).toBe(errorMessages.clientNotFound);
    const mine = await phoneClient(m.organization.id, 'Meu');
    const res2 = await m.http.post('/api/coldcalls', { clientId: mine, campaignId: theirCampaign.id });
    expect(res2.status).toBe(404);
    expect(res2.json.message).toBe(errorMessages.campaignNotFound);
    expect(await server.knex('cold_calls').where({ client_id: theirClient })).toHaveLength(0);

    const viewer = await createUser(server.knex, { organizationId: m.organization.id, role: 'viewer' });
    const v = await server.loginAs(viewer.email, TEST_PASSWORD);
    const denied = await v.post('/api/coldcalls', { clientId: mine, result: 'Atendeu' });
    expect(denied.status).toBe(403);
    expect(denied.json.message).toBe(errorMessages.forbidden);
    expect((await v.get('/api/coldcalls')).status).toBe(200);
  });

  it('marks the client contacted in the campaign and keeps completedCount true', async () => {
    const m = await member();
    const a = await phoneClient(m.organization.id, 'A');
    const b = await phoneClient(m.organization.id, 'B');
    const c = await campaign(m, { targetCount: 5 });
    expect((await campaignOf(m, c.id))?.totalClients).toBe(2);

    await m.http.post('/api/coldcalls', { clientId: a, campaignId: c.id, result: 'Não Atendeu' });
    await m.http.post('/api/coldcalls', { clientId: a, campaignId: c.id, result: 'Atendeu' });
    expect(await campaignOf(m, c.id)).toMatchObject({ completedCount: 1, totalCalls: 2, totalClients: 2 });
    // A call outside the campaign does not count.
    await m.http.post('/api/coldcalls', { clientId: b, result: 'Atendeu' });
    expect((await campaignOf(m, c.id))?.completedCount).toBe(1);

    const lists = await m.http.get(`/api/campaigns/${c.id}/clients`);
    expect(lists.json.contacted.map((x: { id: string }) => x.id)).toEqual([a]);
    expect(lists.json.available.map((x: { id: string }) => x.id)).toEqual([b]);
    expect(typeof lists.json.contacted[0].lastContactDate).toBe('string');

    // A client called in a campaign it was not part of becomes a contacted member.
    const d = await phoneClient(m.organization.id, 'D');
    await m.http.post('/api/coldcalls', { clientId: d, campaignId: c.id, result: 'Recusou' });
    expect(await campaignOf(m, c.id)).toMatchObject({ completedCount: 2, totalClients: 3 });

    // Removing a contacted client from the campaign lowers the count.
    expect((await m.http.delete(`/api/campaigns/${c.id}/clients/${a}`)).status).toBe(200);
    expect((await campaignOf(m, c.id))?.completedCount).toBe(1);
  });

  it('creates the follow-up of the call in the same transaction', async () => {
    const m = await member();
    const clientId = await phoneClient(m.organization.id, 'Inês Sousa');
    const when = '2031-03-03T10:00:00.000Z';
    const res = await m.http.post('/api/coldcalls', {
      clientId,
      result: 'Agendar Follow-up',
      followUp: { scheduledDate: when },
    });
    expect(res.status).toBe(201);
    expect(res.json.followUp).toMatchObject({
      clientId,
      type: 'Telefonar',
      title: 'Telefonar - Inês Sousa',
      scheduledDate: when,
      agentId: m.user.id,
    });
    const bad = await m.http.post('/api/coldcalls', {
      clientId,
      result: 'Agendar Follow-up',
      followUp: { scheduledDate: 'amanhã' },
    });
    expect(bad.status).toBe(400);
    expect(await server.knex('cold_calls').where({ client_id: clientId })).toHaveLength(1);
    expect(await server.knex('follow_ups').where({ client_id: clientId })).toHaveLength(1);
  });

  it('answers concurrent calls each its own status; refused ones write nothing, the log stays gapless', async () => {
    const m = await member();
    const foreign = await member();
    const [a, b, c, d] = [
      await phoneClient(m.organization.id, 'A'),
      await phoneClient(m.organization.id, 'B'),
      await phoneClient(m.organization.id, 'C'),
      await phoneClient(m.organization.id, 'D'),
    ];
    const theirClient = await phoneClient(foreign.organization.id, 'Alheio');
    const camp = await campaign(m, { targetCount: 10 });
    const seqBefore = Number(
      (await server.knex('organizations').where({ id: m.organization.id }).first('change_seq')).change_seq,
    );
    const bodies = [
      { id: randomUUID(), clientId: a, campaignId: camp.id, result: 'Atendeu' },
      { id: randomUUID(), clientId: theirClient, result: 'Atendeu' },
      { id: randomUUID(), clientId: b, campaignId: camp.id, result: 'Atendeu' },
      { id: randomUUID(), clientId: c, campaignId: randomUUID(), result: 'Atendeu' },
      {
        id: randomUUID(),
        clientId: c,
        result: 'Agendar Follow-up',
        followUp: { scheduledDate: '2031-03-03T10:00:00.000Z' },
      },
      { id: randomUUID(), clientId: d, duration: 1.5 },
      { id: randomUUID(), clientId: d, result: 'Recusou' },
    ];
    const answers = await Promise.all(bodies.map((body) => m.http.post('/api/coldcalls', body)));
    expect(answers.map((r) => r.status)).toEqual([201, 404, 201, 404, 201, 400, 201]);
    expect(answers[1]!.json.message).toBe(errorMessages.clientNotFound);
    expect(answers[3]!.json.message).toBe(errorMessages.campaignNotFound);
    expect(answers[4]!.json.followUp).toMatchObject({ clientId: c, type: 'Telefonar' });
    const written = [0, 2, 4, 6].map((i) => bodies[i]!.id);
    const rows = (await server
      .knex('cold_calls')
      .whereIn(
        'id',
        bodies.map((x) => x.id),
      )
      .pluck('id')) as string[];
    expect(rows.sort()).toEqual([...written].sort());
    expect(await campaignOf(m, camp.id)).toMatchObject({ completedCount: 2, totalCalls: 2 });

    const log = (await server
      .knex('sync_changes')
      .where({ organization_id: m.organization.id })
      .where('seq', '>', seqBefore)
      .orderBy('seq')) as Array<{ seq: number | string; table_name: string; row_id: string }>;
    const seqs = log.map((r) => Number(r.seq));
    expect(seqs).toEqual(seqs.map((_, i) => seqBefore + 1 + i));
    const after = (await server.knex('organizations').where({ id: m.organization.id }).first('change_seq'))
      .change_seq;
    expect(Number(after)).toBe(seqs.at(-1));
    const loggedCalls = log.filter((r) => r.table_name === 'cold_calls').map((r) => r.row_id);
    expect(loggedCalls.sort()).toEqual([...written].sort());
    expect(log.filter((r) => r.table_name === 'follow_ups')).toHaveLength(1);
  });

  it('is replay-safe with a client-generated id', async () => {
    const m = await member();
    const clientId = await phoneClient(m.organization.id, 'R');
    const c = await campaign(m);
    const id = randomUUID();
    const first = await m.http.post('/api/coldcalls', { id, clientId, campaignId: c.id, result: 'Atendeu' });
    const again = await m.http.post('/api/coldcalls', { id, clientId, campaignId: c.id, result: 'Atendeu' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json.id).toBe(id);
    expect(again.json.calledAt).toBe(first.json.calledAt);
    expect(await server.knex('cold_calls').where({ id })).toHaveLength(1);
    expect(await campaignOf(m, c.id)).toMatchObject({ completedCount: 1, totalCalls: 1 });
  });
});
