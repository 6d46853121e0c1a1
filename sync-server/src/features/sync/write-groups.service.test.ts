import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@casa/shared-schema';
import { createTestDb, TEST_DIALECT, type TestDb } from '../../../test/db';
import { createClient, createMember, createUser } from '../../../test/factories';
import type { ChangeRow } from '../../db/change-log';
import { LIVE_CHANNEL, localBus } from '../../db/change-notify';
import type { DomainCtx } from '../../http/context';
import { AppError } from '../../http/errors';
import { createLogger } from '../../logger';
import { parseEnv } from '../../env';
import { logColdCall, logColdCallGrouped } from '../cold-calls/cold-calls.domain';
import { groupedWrite } from './write-groups.service';

/*
 * REST write groups (issue 19, docs/sync.md "REST write groups"): calls started in the same turn of the
 * event loop share one transaction and one change-log append, each keeps its own answer, a refusal undoes
 * only its own writes, and a fault of the transaction answers every call of the group with nothing written.
 */

let db: TestDb;
const log = createLogger(parseEnv({ NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' }));

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.destroy());

async function organization(role: 'agent' | 'viewer' = 'agent') {
  const { organization, user } = await createMember(db.knex, role);
  const clients: string[] = [];
  for (let i = 0; i < 3; i++) clients.push(await createClient(db.knex, organization.id));
  const ctx = (userId = user.id, asRole: 'agent' | 'viewer' = role): DomainCtx => ({
    db: db.knex,
    now: new Date().toISOString(),
    log,
    auth: { userId, organizationId: organization.id, role: asRole, isSuperAdmin: false },
  });
  return { organizationId: organization.id, clients, ctx };
}

const call = (clientId: string) => ({ id: randomUUID(), clientId, result: 'Atendeu', notes: 'Grupo' });

async function statementsOf<T>(fn: () => Promise<T>): Promise<{ sql: string[]; value: T }> {
  const sql: string[] = [];
  const listener = (q: { sql: string }) => sql.push(q.sql);
  db.knex.on('query', listener);
  try {
    return { sql, value: await fn() };
  } finally {
    db.knex.removeListener('query', listener);
  }
}

async function changesOf(organizationId: string) {
  return (
    (await db.knex('sync_changes').where({ organization_id: organizationId }).orderBy('seq')) as ChangeRow[]
  ).map((r) => ({ seq: Number(r.seq), table: r.table_name, row: r.row_id }));
}

async function changeSeqOf(organizationId: string): Promise<number> {
  const row = (await db.knex('organizations').where({ id: organizationId }).first('change_seq')) as {
    change_seq: number | string;
  };
  return Number(row.change_seq);
}

const coldCallIds = async (organizationId: string) =>
  ((await db.knex('cold_calls').where({ organization_id: organizationId }).pluck('id')) as string[]).sort();

describe(`REST write groups (${TEST_DIALECT})`, () => {
  it('writes calls started together in one transaction, one change-log append, in call order', async () => {
    const org = await organization();
    const calls = Array.from({ length: 12 }, (_, i) => call(org.clients[i % 3]!));
    const { sql, value } = await statementsOf(() =>
      Promise.all(calls.map((args) => logColdCallGrouped(org.ctx(), args))),
    );
    expect(value.map((c) => c.id)).toEqual(calls.map((c) => c.id));
    expect(sql.filter((s) => /^\s*begin/i.test(s))).toHaveLength(1);
    expect(sql.filter((s) => /^\s*savepoint/i.test(s))).toEqual([]);
    expect(sql.filter((s) => /insert into ["`]?sync_changes/i.test(s))).toHaveLength(1);
    // Per call its insert; per group the begin, three reads ahead, the log's seq and insert, a poke on
    // Postgres, the commit.
    expect(sql.length).toBeLessThanOrEqual(12 + 8);
    const changes = await changesOf(org.organizationId);
    expect(changes.map((c) => c.row)).toEqual(calls.map((c) => c.id));
    expect(changes.map((c) => c.seq)).toEqual(changes.map((_, i) => changes[0]!.seq + i));
    expect(await changeSeqOf(org.organizationId)).toBe(changes.at(-1)!.seq);
  });

  it('answers a refused call its own 404 and writes nothing of it; the others of its group commit', async () => {
    const org = await organization();
    const calls = [call(org.clients[0]!), call(org.clients[1]!), call(randomUUID()), call(org.clients[2]!)];
    const { sql, value } = await statementsOf(() =>
      Promise.allSettled(calls.map((args) => logColdCallGrouped(org.ctx(), args))),
    );
    expect(value.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const refusal = (value[2] as PromiseRejectedResult).reason as AppError;
    expect(refusal).toBeInstanceOf(AppError);
    expect([refusal.status, refusal.message]).toEqual([404, errorMessages.clientNotFound]);
    // The usual run rolled back at the refusal and the group ran again with a savepoint per call.
    expect(sql.filter((s) => /^\s*savepoint/i.test(s)).length).toBeGreaterThanOrEqual(4);
    const written = [calls[0]!.id, calls[1]!.id, calls[3]!.id];
    expect(await coldCallIds(org.organizationId)).toEqual([...written].sort());
    const changes = await changesOf(org.organizationId);
    expect(changes.map((c) => c.row)).toEqual(written);
    expect(changes.map((c) => c.seq)).toEqual(changes.map((_, i) => changes[0]!.seq + i));
    expect(await changeSeqOf(org.organizationId)).toBe(changes.at(-1)!.seq);
  });

  it('answers a lone refused call from its one transaction, without a second run', async () => {
    const org = await organization();
    const { sql, value } = await statementsOf(() =>
      logColdCallGrouped(org.ctx(), call(randomUUID())).catch((err: unknown) => err),
    );
    expect((value as AppError).status).toBe(404);
    expect(sql.filter((s) => /^\s*begin/i.test(s))).toHaveLength(1);
    expect(sql.filter((s) => /^\s*savepoint/i.test(s))).toEqual([]);
    expect(await coldCallIds(org.organizationId)).toEqual([]);
  });

  it("keeps each caller's permission: a viewer's call in the group is refused (403), the agent's commits", async () => {
    const org = await organization();
    const viewer = await createUser(db.knex, { organizationId: org.organizationId, role: 'viewer' });
    const [agentCall, viewerCall] = [call(org.clients[0]!), call(org.clients[1]!)];
    const [agent, refused] = await Promise.allSettled([
      logColdCallGrouped(org.ctx(), agentCall),
      logColdCallGrouped(org.ctx(viewer.id, 'viewer'), viewerCall),
    ]);
    expect(agent.status).toBe('fulfilled');
    expect(((refused as PromiseRejectedResult).reason as AppError).status).toBe(403);
    expect(await coldCallIds(org.organizationId)).toEqual([agentCall.id]);
  });

  it("groups per organization: another organization's client stays 404 while both organizations write", async () => {
    const [a, b] = [await organization(), await organization()];
    const results = await Promise.allSettled([
      logColdCallGrouped(a.ctx(), call(a.clients[0]!)),
      logColdCallGrouped(b.ctx(), call(a.clients[1]!)),
      logColdCallGrouped(b.ctx(), call(b.clients[0]!)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(((results[1] as PromiseRejectedResult).reason as AppError).status).toBe(404);
    expect(await coldCallIds(a.organizationId)).toHaveLength(1);
    expect(await coldCallIds(b.organizationId)).toHaveLength(1);
    expect((await changesOf(b.organizationId)).map((c) => c.table)).toEqual(['cold_calls']);
  });

  it('replays a client id sent twice in one group: one row, the same answer, one change', async () => {
    const org = await organization();
    const args = call(org.clients[0]!);
    const [first, again] = await Promise.all([
      logColdCallGrouped(org.ctx(), args),
      logColdCallGrouped(org.ctx(), { ...args, notes: 'Outra vez' }),
    ]);
    expect(again).toEqual(first);
    expect(await coldCallIds(org.organizationId)).toEqual([args.id]);
    expect((await changesOf(org.organizationId)).map((c) => c.row)).toEqual([args.id]);
  });

  // Postgres sends the poke by NOTIFY inside the transaction, which the database delivers at the commit only.
  it.skipIf(TEST_DIALECT === 'pg')(
    'pokes the organization once per group, after the commit (SQLite bus)',
    async () => {
      const org = await organization();
      const calls = [call(org.clients[0]!), call(org.clients[1]!), call(org.clients[2]!)];
      // A second connection sees committed rows only (WAL), synchronously when the poke is emitted.
      const reader = new Database((db.config as { filename: string }).filename, { readonly: true });
      const committed = reader.prepare('select count(*) as n from cold_calls where organization_id = ?');
      const seen: Array<{ payload: string; committed: number }> = [];
      const listener = (payload: string) =>
        seen.push({ payload, committed: (committed.get(org.organizationId) as { n: number }).n });
      localBus(db.knex).on(LIVE_CHANNEL, listener);
      try {
        await Promise.all(calls.map((args) => logColdCallGrouped(org.ctx(), args)));
        await new Promise((resolve) => setImmediate(resolve));
      } finally {
        localBus(db.knex).removeListener(LIVE_CHANNEL, listener);
        reader.close();
      }
      expect(seen.filter((s) => s.payload === `c:${org.organizationId}`)).toEqual([
        { payload: `c:${org.organizationId}`, committed: 3 },
      ]);
    },
  );

  it('answers a transient fault to every call of the group and writes none of them', async () => {
    const org = await organization();
    const fault = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    const args = call(org.clients[0]!);
    const results = await Promise.allSettled([
      groupedWrite(org.ctx(), { run: (ctx) => logColdCall(ctx, args) }),
      groupedWrite(org.ctx(), { run: () => Promise.reject(fault) }),
    ]);
    expect(results.map((r) => (r as PromiseRejectedResult).reason)).toEqual([fault, fault]);
    expect(await coldCallIds(org.organizationId)).toEqual([]);
    expect(await changesOf(org.organizationId)).toEqual([]);
  });

  it('runs inside the caller’s transaction when given one (a sync push), without a group of its own', async () => {
    const org = await organization();
    const args = call(org.clients[0]!);
    await expect(
      db.knex.transaction((trx) =>
        logColdCallGrouped({ ...org.ctx(), db: trx as never }, args).then(() => {
          throw new Error('rolled back');
        }),
      ),
    ).rejects.toThrow('rolled back');
    expect(await coldCallIds(org.organizationId)).toEqual([]);
  });
});
