import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../test/db';
import { createOrganization } from '../../../test/factories';
import { insertSearchableClients } from '../search/search.fixtures';
import { testDomainCtx } from '../../../test/domain-ctx';
import { insertCampaign, insertColdCall, insertFollowUp } from './stats.fixtures';
import { clientStats, coldCallStats, followUpStats } from './stats.domain';
import { appendChanges } from '../../db/change-log';

// 23:30 UTC on 15 July is 00:30 on 16 July in Lisbon (WEST, UTC+1).
const NOW = '2026-07-15T23:30:00.000Z';

let db: TestDb;
let orgId: string;
let clientId: string;
beforeAll(async () => {
  db = await createTestDb();
  orgId = (await createOrganization(db.knex)).id;
  const other = (await createOrganization(db.knex)).id;
  [clientId] = (await insertSearchableClients(db.knex, orgId, [
    { name: 'A', type: 'Comprador', createdAt: '2026-07-15T23:10:00.000Z' }, // 16 Jul Lisbon: this month
    { name: 'B', type: 'Comprador', createdAt: '2026-07-01T10:00:00.000Z' }, // this month
    { name: 'C', type: 'Vendedor', createdAt: '2026-06-30T23:30:00.000Z' }, // 1 Jul 00:30 Lisbon: this month
    { name: 'D', type: 'Investidor', createdAt: '2026-06-30T22:30:00.000Z' }, // 30 Jun Lisbon: previous month
    { name: 'E', type: 'Vendedor', createdAt: '2026-03-01T10:00:00.000Z' },
    {
      name: 'F',
      type: 'Vendedor',
      createdAt: '2026-07-10T10:00:00.000Z',
      deletedAt: '2026-07-11T10:00:00.000Z',
    },
  ])) as [string];
  const [otherClient] = await insertSearchableClients(db.knex, other, [
    { name: 'X', type: 'Comprador', createdAt: '2026-07-15T10:00:00.000Z' },
  ]);

  // Follow-ups around the Lisbon day of 16 July (starts 2026-07-15T23:00Z).
  await insertFollowUp(db.knex, orgId, clientId, { scheduledDate: '2026-07-15T23:10:00.000Z' }); // today, overdue
  await insertFollowUp(db.knex, orgId, clientId, { scheduledDate: '2026-07-16T15:00:00.000Z' }); // today, not yet due
  await insertFollowUp(db.knex, orgId, clientId, { scheduledDate: '2026-07-15T22:50:00.000Z' }); // yesterday: overdue
  await insertFollowUp(db.knex, orgId, clientId, { scheduledDate: '2026-08-01T10:00:00.000Z' }); // pending later
  await insertFollowUp(db.knex, orgId, clientId, {
    scheduledDate: '2026-07-16T10:00:00.000Z',
    deleted: true,
  });
  await insertFollowUp(db.knex, orgId, clientId, {
    scheduledDate: '2026-07-02T10:00:00.000Z',
    completed: true,
    completedAt: '2026-07-02T11:00:00.000Z',
  });
  await insertFollowUp(db.knex, orgId, clientId, {
    scheduledDate: '2026-06-20T10:00:00.000Z',
    completed: true,
    completedAt: '2026-06-20T11:00:00.000Z',
  });
  await insertFollowUp(db.knex, orgId, clientId, {
    scheduledDate: '2026-06-20T10:00:00.000Z',
    completed: true,
    completedAt: '2026-06-21T11:00:00.000Z',
  });
  await insertFollowUp(db.knex, other, otherClient!, { scheduledDate: '2026-07-15T23:20:00.000Z' });

  for (const [calledAt, result] of [
    ['2026-07-15T23:05:00.000Z', 'Interessado'], // today (Lisbon)
    ['2026-07-15T22:55:00.000Z', 'Agendar Follow-up'], // yesterday
    ['2026-07-10T10:00:00.000Z', 'Não Atendeu'],
    ['2026-06-10T10:00:00.000Z', 'Recusou'],
    ['2026-06-11T10:00:00.000Z', 'Atendeu'],
    ['2026-06-12T10:00:00.000Z', null],
  ] as const) {
    await insertColdCall(db.knex, orgId, { calledAt, result });
  }
  await insertColdCall(db.knex, orgId, {
    calledAt: '2026-07-15T23:06:00.000Z',
    result: 'Interessado',
    deleted: true,
  });
  await insertColdCall(db.knex, other, { calledAt: '2026-07-15T23:06:00.000Z', result: 'Interessado' });
  await insertCampaign(db.knex, orgId, 'active');
  await insertCampaign(db.knex, orgId, 'active');
  await insertCampaign(db.knex, orgId, 'paused');
  await insertCampaign(db.knex, orgId, 'active', true);
  await insertCampaign(db.knex, other, 'active');
});
afterAll(() => db.destroy());

const ctx = () => testDomainCtx(db.knex, orgId, { now: NOW });

describe('stats domain (Lisbon calendar, organization scope)', () => {
  it('counts clients by type, recent (30 days) and month over month', async () => {
    expect(await clientStats(ctx(), {})).toEqual({
      totalClients: 5,
      recentClients: 4, // A, B, C and D (30 June) are within 30 days; F is deleted
      clientsByType: { Comprador: 2, Vendedor: 2, Investidor: 1 },
      clientsThisMonth: 3,
      clientsPreviousMonth: 1,
      changePercent: 200,
    });
  });

  it('adds the figures of a report period', async () => {
    const stats = await clientStats(ctx(), { period: '7d' });
    expect(stats.period).toEqual({
      period: '7d',
      from: '2026-07-08T23:30:00.000Z',
      to: NOW,
      count: 1, // A; B (1 July, 10:00) falls before the window and its previous week
      previousCount: 0,
      changePercent: null,
    });
    expect((await clientStats(ctx(), { period: '30d' })).period).toMatchObject({
      count: 4,
      previousCount: 0,
    });
    expect((await clientStats(ctx(), { period: '1y' })).period?.count).toBe(5);
    await expect(clientStats(ctx(), { period: '2w' })).rejects.toThrow();
  });

  it('counts follow-ups of today, overdue, pending and completed this month', async () => {
    expect(await followUpStats(ctx(), {})).toEqual({
      todayCount: 2,
      overdueCount: 2,
      pendingCount: 4,
      completedThisMonth: 1,
      completedPreviousMonth: 2,
      changePercent: -50,
    });
  });

  it('computes the conversion rate as the share of Interessado or Agendar Follow-up calls', async () => {
    expect(await coldCallStats(ctx(), {})).toEqual({
      totalCalls: 6,
      callsToday: 1,
      conversionRate: 33.3,
      activeCampaigns: 2,
      callsThisMonth: 3,
      callsPreviousMonth: 3,
      changePercent: 0,
    });
    const period = (await coldCallStats(ctx(), { period: '30d' })).period;
    expect(period).toMatchObject({ count: 3, previousCount: 3, conversionRate: 66.7 });
  });

  it('answers zeros for an empty organization', async () => {
    const empty = testDomainCtx(db.knex, (await createOrganization(db.knex)).id, { now: NOW });
    expect((await coldCallStats(empty, {})).conversionRate).toBe(0);
    expect((await clientStats(empty, {})).changePercent).toBe(0);
    expect((await followUpStats(empty, {})).pendingCount).toBe(0);
  });
});

describe('stats cache (facts kept per organization until the change log shows a write to their tables)', () => {
  const seqOf = async () =>
    Number((await db.knex('organizations').where('id', orgId).first('change_seq'))?.change_seq);
  const at = (now: string, changeSeq: number) => ({ ...testDomainCtx(db.knex, orgId, { now }), changeSeq });
  const logWrite = (table: 'clients' | 'cold_calls') =>
    db.knex.transaction((trx) => appendChanges(trx, orgId, [{ table, rowId: clientId, op: 'upsert' }]));

  it('answers "now"-relative figures from the same cached facts', async () => {
    const seq = await seqOf();
    expect(await followUpStats(at(NOW, seq), {})).toMatchObject({ todayCount: 2, overdueCount: 2 });
    // 16 July 15:30 UTC: the 15:00 follow-up is overdue now, still today (Lisbon); nothing was written.
    expect(await followUpStats(at('2026-07-16T15:30:00.000Z', seq), {})).toMatchObject({
      todayCount: 2,
      overdueCount: 3,
      pendingCount: 4,
    });
    // A month later: July is the previous month, nothing created this month.
    expect(await clientStats(at('2026-08-20T10:00:00.000Z', seq), {})).toMatchObject({
      clientsThisMonth: 0,
      clientsPreviousMonth: 3,
      recentClients: 0,
    });
  });

  it('reloads after a logged write to its tables only, whatever process made it', async () => {
    const seq = await seqOf();
    const queries: string[] = [];
    const listen = (q: { sql: string }) => queries.push(q.sql);
    db.knex.on('query', listen);
    try {
      expect((await clientStats(at(NOW, seq), {})).totalClients).toBe(5);
      // A row written without a change-log entry (as no server path does) stays unseen: proof of the cache.
      await insertSearchableClients(db.knex, orgId, [{ name: 'G', type: 'Comprador', createdAt: NOW }]);
      queries.length = 0;
      expect((await clientStats(at(NOW, seq), {})).totalClients).toBe(5);
      expect(queries).toEqual([]);

      // A write to another table: one look at the change log, facts kept.
      const [callSeq] = await logWrite('cold_calls');
      queries.length = 0;
      expect((await clientStats(at(NOW, callSeq!), {})).totalClients).toBe(5);
      expect(queries).toHaveLength(1);
      expect(queries[0]).toMatch(/sync_changes/);

      // A write to clients: reloaded.
      const [clientSeq] = await logWrite('clients');
      expect((await clientStats(at(NOW, clientSeq!), {})).totalClients).toBe(6);
      // Without a seq (outside HTTP) the facts are always read.
      queries.length = 0;
      expect((await clientStats(testDomainCtx(db.knex, orgId, { now: NOW }), {})).totalClients).toBe(6);
      expect(queries.length).toBeGreaterThan(0);
    } finally {
      db.knex.removeListener('query', listen);
    }
  });
});
