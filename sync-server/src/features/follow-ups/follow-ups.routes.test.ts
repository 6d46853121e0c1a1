import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorMessages,
  followUpListItemSchema,
  followUpSchema,
  lisbonDayBounds,
  validationMessages,
} from '@casa/shared-schema';
import { createClient, createMember, createUser, TEST_PASSWORD } from '../../../test/factories';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';
import type { DomainCtx } from '../../http/context';
import { todayFollowUps } from './follow-ups.domain';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof createMember>> & { http: TestClient; clientId: string };

async function member(role: 'agent' | 'admin' | 'viewer' = 'agent'): Promise<Member> {
  const m = await createMember(server.knex, role);
  const clientId = await createClient(server.knex, m.organization.id, { name: 'João Almeida' });
  return { ...m, clientId, http: await server.loginAs(m.user.email, TEST_PASSWORD) };
}

const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString();

async function create(m: Member, body: Record<string, unknown> = {}) {
  const res = await m.http.post('/api/followups', {
    clientId: m.clientId,
    title: 'Ligar ao cliente',
    type: 'Telefonar',
    scheduledDate: inOneHour(),
    ...body,
  });
  expect(res.status).toBe(201);
  return followUpSchema.parse(res.json);
}

describe('follow-ups CRUD', () => {
  it('needs a session', async () => {
    const anon = server.client();
    expect((await anon.get('/api/followups')).status).toBe(401);
    expect((await anon.get('/api/followups/today')).status).toBe(401);
    expect((await anon.post('/api/followups', {})).status).toBe(401);
    expect((await anon.put('/api/followups/complete', {})).status).toBe(401);
  });

  it('creates with the session organization and agent, lists with clientName and overdue, reads one', async () => {
    const m = await member();
    const other = await createMember(server.knex);
    const created = await create(m, { organizationId: other.organization.id, agentId: other.user.id });
    expect(created).toMatchObject({
      organizationId: m.organization.id,
      agentId: m.user.id,
      createdBy: m.user.id,
      completed: false,
      completedAt: null,
      title: 'Ligar ao cliente',
    });
    const past = await create(m, { scheduledDate: '2020-01-01T10:00:00Z', title: 'Antigo' });

    const list = await m.http.get('/api/followups');
    expect(list.status).toBe(200);
    const items = list.json.map((i: unknown) => followUpListItemSchema.parse(i));
    expect(items.map((i: { id: string }) => i.id)).toEqual([past.id, created.id]);
    expect(items[0]).toMatchObject({ clientName: 'João Almeida', overdue: true });
    expect(items[1]).toMatchObject({ clientName: 'João Almeida', overdue: false });

    const one = await m.http.get(`/api/followups/${created.id}`);
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ id: created.id, clientName: 'João Almeida', overdue: false });
  });

  it('is replay-safe with a client-generated id', async () => {
    const m = await member();
    const id = randomUUID();
    const first = await create(m, { id });
    const again = await create(m, { id, title: 'Outro título' });
    expect(again).toEqual(first);
    const count = await server.knex('follow_ups').where({ id }).count({ n: '*' });
    expect(Number(count[0]?.n)).toBe(1);
  });

  it('validates with the product messages', async () => {
    const m = await member();
    const res = await m.http.post('/api/followups', { type: 'Telefonar' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('validation');
    expect(res.json.fieldErrors).toMatchObject({
      clientId: validationMessages.followUpClientRequired,
      title: validationMessages.followUpTitleRequired,
      scheduledDate: validationMessages.followUpDateRequired,
    });
    const badDate = await m.http.post('/api/followups', {
      clientId: m.clientId,
      title: 'x',
      type: 'Telefonar',
      scheduledDate: 'amanhã',
    });
    expect(badDate.status).toBe(400);
    expect(badDate.json.fieldErrors.scheduledDate).toBe(validationMessages.invalidDateTime);
  });

  it('answers 404 for another organization ids and never touches them', async () => {
    const m = await member();
    const foreign = await member();
    const theirs = await create(foreign);
    const fu = `/api/followups/${theirs.id}`;
    expect((await m.http.get(fu)).json.message).toBe(errorMessages.followUpNotFound);
    expect((await m.http.get(fu)).status).toBe(404);
    expect((await m.http.put(fu, { title: 'Roubado' })).status).toBe(404);
    expect((await m.http.put(`${fu}/complete`, {})).status).toBe(404);
    expect((await m.http.put('/api/followups/complete', { id: theirs.id })).status).toBe(404);
    expect((await m.http.delete(fu)).status).toBe(404);
    expect((await m.http.get('/api/followups/not-a-uuid')).status).toBe(404);
    // Another organization's client cannot be used.
    const res = await m.http.post('/api/followups', {
      clientId: foreign.clientId,
      title: 'x',
      type: 'Telefonar',
      scheduledDate: inOneHour(),
    });
    expect(res.status).toBe(404);
    expect(res.json.message).toBe(errorMessages.clientNotFound);
    const after = await foreign.http.get(fu);
    expect(after.json).toMatchObject({ title: 'Ligar ao cliente', completed: false });
  });

  it('forbids viewers to write but lets them read', async () => {
    const m = await member();
    const fu = await create(m);
    const viewer = await createUser(server.knex, { organizationId: m.organization.id, role: 'viewer' });
    const v = await server.loginAs(viewer.email, TEST_PASSWORD);
    expect((await v.get('/api/followups')).status).toBe(200);
    for (const res of [
      await v.post('/api/followups', {
        clientId: m.clientId,
        title: 'x',
        type: 'Telefonar',
        scheduledDate: inOneHour(),
      }),
      await v.put(`/api/followups/${fu.id}`, { title: 'y' }),
      await v.put(`/api/followups/${fu.id}/complete`, {}),
      await v.put('/api/followups/complete', { id: fu.id }),
      await v.delete(`/api/followups/${fu.id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.json.message).toBe(errorMessages.forbidden);
    }
    expect((await m.http.get(`/api/followups/${fu.id}`)).json.completed).toBe(false);
  });

  it('updates partially and soft-deletes', async () => {
    const m = await member();
    const fu = await create(m, { notes: 'nota' });
    const res = await m.http.put(`/api/followups/${fu.id}`, {
      title: 'Reunião no escritório',
      type: 'Reunião',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ title: 'Reunião no escritório', type: 'Reunião', notes: 'nota' });
    const bad = await m.http.put(`/api/followups/${fu.id}`, { title: '' });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors.title).toBe(validationMessages.followUpTitleRequired);

    expect((await m.http.delete(`/api/followups/${fu.id}`)).status).toBe(200);
    expect((await m.http.get(`/api/followups/${fu.id}`)).status).toBe(404);
    const row = await server.knex('follow_ups').where({ id: fu.id }).first();
    expect(row.deleted_at).not.toBeNull();
    expect((await m.http.delete(`/api/followups/${fu.id}`)).status).toBe(404);
  });
});

describe('completing a follow-up', () => {
  it('refuses to reopen a completed follow-up by an edit, so its first completion is never lost', async () => {
    const m = await member();
    const fu = await create(m);
    const first = await m.http.put(`/api/followups/${fu.id}/complete`, { completionComment: 'Primeira' });
    const { completedAt } = first.json.followUp;
    const reopen = await m.http.put(`/api/followups/${fu.id}`, { completed: false, title: 'Reaberto' });
    expect(reopen.status).toBe(409);
    expect(reopen.json).toMatchObject({
      code: 'already_completed',
      message: errorMessages.followUpReopenRefused,
    });
    const again = await m.http.put(`/api/followups/${fu.id}/complete`, { completionComment: 'Segunda' });
    expect(again.status).toBe(409);
    const after = await m.http.get(`/api/followups/${fu.id}`);
    expect(after.json).toMatchObject({ completed: true, completedAt, completionComment: 'Primeira' });
    expect(after.json.title).not.toBe('Reaberto');
    // Other edits of a completed follow-up still work, and completed: true is a no-op.
    const edit = await m.http.put(`/api/followups/${fu.id}`, { notes: 'Nota depois', completed: true });
    expect(edit.status).toBe(200);
    expect(edit.json).toMatchObject({ notes: 'Nota depois', completedAt, completionComment: 'Primeira' });
  });

  it('completes once; a second completion is 409 and keeps the first', async () => {
    const m = await member();
    const fu = await create(m);
    const first = await m.http.put(`/api/followups/${fu.id}/complete`, { completionComment: 'Correu bem' });
    expect(first.status).toBe(200);
    expect(first.json.followUp).toMatchObject({ completed: true, completionComment: 'Correu bem' });
    expect(first.json.nextFollowUp).toBeNull();
    const completedAt = first.json.followUp.completedAt;
    expect(typeof completedAt).toBe('string');

    for (const again of [
      await m.http.put(`/api/followups/${fu.id}/complete`, { completionComment: 'Outra vez' }),
      await m.http.put('/api/followups/complete', { id: fu.id, completionComment: 'Outra vez' }),
    ]) {
      expect(again.status).toBe(409);
      expect(again.json.code).toBe('already_completed');
      expect(again.json.message).toBe(errorMessages.followUpAlreadyCompleted);
    }
    const after = await m.http.get(`/api/followups/${fu.id}`);
    expect(after.json).toMatchObject({ completed: true, completedAt, completionComment: 'Correu bem' });
  });

  it('lets only one of two simultaneous completions win', async () => {
    const m = await member();
    const fu = await create(m);
    const answers = await Promise.all([
      m.http.put(`/api/followups/${fu.id}/complete`, { completionComment: 'um' }),
      m.http.put('/api/followups/complete', { id: fu.id, completionComment: 'dois' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.status === 200)!;
    const after = await m.http.get(`/api/followups/${fu.id}`);
    expect(after.json.completionComment).toBe(winner.json.followUp.completionComment);
  });

  it('completes through PUT /api/followups/complete with no body comment', async () => {
    const m = await member();
    const fu = await create(m);
    const res = await m.http.put('/api/followups/complete', { id: fu.id, completionComment: null });
    expect(res.status).toBe(200);
    expect(res.json.followUp).toMatchObject({ id: fu.id, completed: true, completionComment: null });
    const noBody = await create(m);
    expect((await m.http.put(`/api/followups/${noBody.id}/complete`)).status).toBe(200);
  });

  it('creates the next follow-up in the same transaction', async () => {
    const m = await member();
    const fu = await create(m);
    const when = '2031-05-04T09:30:00.000Z';
    const res = await m.http.put('/api/followups/complete', {
      id: fu.id,
      completionComment: 'Quer visitar',
      nextFollowUp: { type: 'Visita', scheduledDate: when },
    });
    expect(res.status).toBe(200);
    expect(res.json.nextFollowUp).toMatchObject({
      clientId: m.clientId,
      type: 'Visita',
      title: 'Visita - João Almeida',
      scheduledDate: when,
      completed: false,
      agentId: m.user.id,
    });
    const list = await m.http.get('/api/followups');
    expect(list.json).toHaveLength(2);
  });

  it('keeps the next follow-up id an offline device generated', async () => {
    const m = await member();
    const fu = await create(m);
    const nextId = randomUUID();
    const res = await m.http.put(`/api/followups/${fu.id}/complete`, {
      completionComment: 'Feito',
      nextFollowUp: { id: nextId, type: 'Telefonar', scheduledDate: '2031-05-04T09:30:00.000Z' },
    });
    expect(res.status).toBe(200);
    expect(res.json.nextFollowUp.id).toBe(nextId);
    expect((await m.http.get(`/api/followups/${nextId}`)).status).toBe(200);
  });

  it('requires the next follow-up date and then completes nothing', async () => {
    const m = await member();
    const fu = await create(m);
    const res = await m.http.put(`/api/followups/${fu.id}/complete`, {
      completionComment: 'x',
      nextFollowUp: { type: 'Telefonar', scheduledDate: '' },
    });
    expect(res.status).toBe(400);
    expect(Object.values(res.json.fieldErrors)).toContain(validationMessages.nextFollowUpDateRequired);
    expect(validationMessages.nextFollowUpDateRequired).toBe(
      'Data e hora são obrigatórias para o novo follow-up',
    );
    const after = await m.http.get(`/api/followups/${fu.id}`);
    expect(after.json.completed).toBe(false);
    expect((await m.http.get('/api/followups')).json).toHaveLength(1);
  });

  it('creates no next follow-up when the main completion fails', async () => {
    const m = await member();
    const fu = await create(m);
    expect((await m.http.put(`/api/followups/${fu.id}/complete`, {})).status).toBe(200);
    const res = await m.http.put(`/api/followups/${fu.id}/complete`, {
      nextFollowUp: { type: 'Telefonar', scheduledDate: '2031-01-01T10:00:00Z' },
    });
    expect(res.status).toBe(409);
    expect((await m.http.get('/api/followups')).json).toHaveLength(1);
  });
});

describe('GET /api/followups/today', () => {
  it('lists today’s pending follow-ups with client names', async () => {
    const m = await member();
    const { start, end } = lisbonDayBounds(new Date());
    const inside = await create(m, { scheduledDate: start.toISOString(), title: 'Hoje cedo' });
    await create(m, { scheduledDate: end.toISOString(), title: 'Amanhã' });
    await create(m, { scheduledDate: new Date(start.getTime() - 1).toISOString(), title: 'Ontem' });
    const done = await create(m, { scheduledDate: start.toISOString(), title: 'Feito' });
    await m.http.put(`/api/followups/${done.id}/complete`, {});
    const res = await m.http.get('/api/followups/today');
    expect(res.status).toBe(200);
    expect(res.json.map((i: { id: string }) => i.id)).toEqual([inside.id]);
    expect(res.json[0].clientName).toBe('João Almeida');
  });

  async function todayAt(now: string, scheduled: string[]) {
    const m = await createMember(server.knex);
    const clientId = await createClient(server.knex, m.organization.id);
    const ids: Record<string, string> = {};
    for (const at of scheduled) {
      const id = randomUUID();
      ids[at] = id;
      await server.knex('follow_ups').insert({
        id,
        organization_id: m.organization.id,
        client_id: clientId,
        title: at,
        type: 'Telefonar',
        scheduled_date: at,
        completed: false,
        created_at: now,
        updated_at: now,
      });
    }
    const ctx: DomainCtx = {
      db: server.knex,
      auth: { userId: m.user.id, organizationId: m.organization.id, role: 'agent', isSuperAdmin: false },
      now,
      log: pino({ level: 'silent' }),
    };
    const items = await todayFollowUps(ctx);
    return items.map((i) => i.title);
  }

  it('covers the 23-hour day when summer time starts (2026-03-29)', async () => {
    const titles = await todayAt('2026-03-29T12:00:00.000Z', [
      '2026-03-28T23:59:00.000Z', // 28th 23:59 WET
      '2026-03-29T00:00:00.000Z', // 29th 00:00 WET
      '2026-03-29T22:59:00.000Z', // 29th 23:59 WEST
      '2026-03-29T23:00:00.000Z', // 30th 00:00 WEST
    ]);
    expect(titles).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T22:59:00.000Z']);
  });

  it('covers the 25-hour day when summer time ends (2026-10-25)', async () => {
    const titles = await todayAt('2026-10-25T12:00:00.000Z', [
      '2026-10-24T22:59:00.000Z', // 24th 23:59 WEST
      '2026-10-24T23:00:00.000Z', // 25th 00:00 WEST
      '2026-10-25T23:59:00.000Z', // 25th 23:59 WET
      '2026-10-26T00:00:00.000Z', // 26th 00:00 WET
    ]);
    expect(titles).toEqual(['2026-10-24T23:00:00.000Z', '2026-10-25T23:59:00.000Z']);
  });

  it('switches day at Lisbon midnight, not UTC midnight', async () => {
    // 2026-07-14T23:00Z is 00:00 on 15 July in Lisbon (WEST).
    const titles = await todayAt('2026-07-14T23:00:00.000Z', [
      '2026-07-14T22:59:59.000Z',
      '2026-07-14T23:00:00.000Z',
      '2026-07-15T22:59:00.000Z',
      '2026-07-15T23:00:00.000Z',
    ]);
    expect(titles).toEqual(['2026-07-14T23:00:00.000Z', '2026-07-15T22:59:00.000Z']);
  });
});
