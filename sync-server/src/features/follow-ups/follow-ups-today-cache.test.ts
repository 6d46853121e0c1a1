import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followUpSchema, lisbonDayBounds } from '@casa/shared-schema';
import { createMember, TEST_PASSWORD } from '../../../test/factories';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { readsOf } from '../../../test/statements';
import { testDomainCtx } from '../../../test/domain-ctx';
import { todayFollowUps } from './follow-ups.domain';

/*
 * GET /api/followups/today from the answer cache (follow-ups.domain.ts TODAY_ANSWERS, db/seq-cache.ts): a
 * hit reads no follow-up and answers what the miss answered; a follow-up created, completed or renamed
 * client makes the next answer fresh; `overdue` follows the clock on a hit; another organization never
 * sees the entry.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Member = { organizationId: string; userId: string; clientId: string; http: TestClient };

async function member(clientName: string): Promise<Member> {
  const m = await createMember(server.knex, 'agent');
  const http = await server.loginAs(m.user.email, TEST_PASSWORD);
  const client = await http.post('/api/clients', { name: clientName, type: 'Vendedor' });
  expect(client.status).toBe(201);
  return { organizationId: m.organization.id, userId: m.user.id, clientId: client.json.id, http };
}

/** The statements `fn` sent that read the follow_ups table (none: the answer came from the cache). */
const followUpReadsDuring = (fn: () => Promise<unknown>) => readsOf(server.knex, 'follow_ups', fn);

async function create(m: Member, title: string, scheduledDate: string) {
  const res = await m.http.post('/api/followups', {
    clientId: m.clientId,
    title,
    type: 'Telefonar',
    scheduledDate,
  });
  expect(res.status).toBe(201);
  return followUpSchema.parse(res.json);
}

/** Today's answer twice: the second a hit with the same body. */
async function today(m: Member) {
  const first = await m.http.get('/api/followups/today');
  expect(first.status).toBe(200);
  let again = first;
  expect(await followUpReadsDuring(async () => (again = await m.http.get('/api/followups/today')))).toBe(0);
  expect(again.text).toBe(first.text);
  return first.json as { title: string; clientName: string | null; overdue: boolean }[];
}

/** A minute from now, or half-way to the Lisbon day's end when closer: today's, and still ahead. */
function laterToday(): string {
  const now = Date.now();
  const end = lisbonDayBounds(now).end.getTime();
  return new Date(Math.min(now + 60_000, now + (end - now) / 2)).toISOString();
}

describe('GET /api/followups/today from the answer cache', () => {
  it('answers a hit without reading follow-ups, fresh after a create, a client rename and a completion', async () => {
    const m = await member('Rita Cache');
    const when = laterToday();
    const first = await create(m, 'Primeira chamada', when);
    expect((await today(m)).map((f) => f.title)).toEqual(['Primeira chamada']);

    await create(m, 'Segunda chamada', when);
    expect((await today(m)).map((f) => f.title).sort()).toEqual(['Primeira chamada', 'Segunda chamada']);

    expect((await m.http.put(`/api/clients/${m.clientId}`, { name: 'Rita Renomeada' })).status).toBe(200);
    expect(new Set((await today(m)).map((f) => f.clientName))).toEqual(new Set(['Rita Renomeada']));

    expect((await m.http.put('/api/followups/complete', { id: first.id })).status).toBe(200);
    expect((await today(m)).map((f) => f.title)).toEqual(['Segunda chamada']);
  });

  it('never answers another organization from the entry', async () => {
    const a = await member('Cliente A');
    const b = await member('Cliente B');
    await create(a, 'Só da A', laterToday());
    expect((await today(a)).map((f) => f.title)).toEqual(['Só da A']);
    expect(await today(b)).toEqual([]);
  });

  it('computes overdue with the moment asked, on a hit too', async () => {
    const m = await member('Relógio');
    await create(m, 'Às dez', '2026-07-14T09:00:00.000Z'); // 10:00 in Lisbon (summer time)
    const { change_seq: seq } = (await server
      .knex('organizations')
      .where('id', m.organizationId)
      .first('change_seq')) as { change_seq: number | string };
    const at = (now: string) => ({
      ...testDomainCtx(server.knex, m.organizationId, { userId: m.userId, now }),
      changeSeq: Number(seq),
    });
    const before = await todayFollowUps(at('2026-07-14T08:00:00.000Z'));
    expect(before.map((f) => [f.title, f.overdue])).toEqual([['Às dez', false]]);
    let after: Awaited<ReturnType<typeof todayFollowUps>> = [];
    expect(
      await followUpReadsDuring(async () => (after = await todayFollowUps(at('2026-07-14T10:00:00.000Z')))),
    ).toBe(0);
    expect(after.map((f) => [f.title, f.overdue])).toEqual([['Às dez', true]]);
    // The cached row itself was not changed by the later answer.
    const again = await todayFollowUps(at('2026-07-14T08:30:00.000Z'));
    expect(again.map((f) => f.overdue)).toEqual([false]);
  });
});
