import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushMutation } from '@casa/shared-schema';
import { createTestDb, TEST_DIALECT, type TestDb } from '../../../test/db';
import { createClient, createMember } from '../../../test/factories';
import { statementsDuring } from '../../../test/statements';
import type { DomainCtx } from '../../http/context';
import { createLogger } from '../../logger';
import { parseEnv } from '../../env';
import { push } from './sync-push';

/*
 * A push group's set-based writes (issue 19, docs/sync.md "A push group"): the device's advance, the
 * recorded outcomes and the change log are written once per group, and the domain calls run without a
 * savepoint of their own; a mutation that does not apply sends the group through again with savepoints,
 * so its refusal stays its own and the others apply exactly once.
 */

let db: TestDb;
let ctx: DomainCtx;
let organizationId: string;
let clients: string[];

beforeAll(async () => {
  db = await createTestDb();
  const { organization, user } = await createMember(db.knex, 'agent');
  organizationId = organization.id;
  clients = [];
  for (let i = 0; i < 5; i++) clients.push(await createClient(db.knex, organizationId));
  ctx = {
    db: db.knex,
    now: new Date().toISOString(),
    log: createLogger(parseEnv({ NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' })),
    auth: { userId: user.id, organizationId, role: 'agent', isSuperAdmin: false },
  } as DomainCtx;
});
afterAll(() => db.destroy());

const call = (mutationId: number, clientId: string): PushMutation => ({
  mutationId,
  name: 'logColdCall',
  args: { id: randomUUID(), clientId, result: 'Atendeu', notes: `Chamada ${mutationId}` },
});

const statementsOf = (fn: () => Promise<unknown>) => statementsDuring(db.knex, fn);

describe(`sync push groups (${TEST_DIALECT})`, () => {
  it('costs a few statements per mutation: reads and the row itself, no savepoint, no per-mutation log', async () => {
    const clientId = randomUUID();
    const mutations = Array.from({ length: 40 }, (_, i) => call(i + 1, clients[i % clients.length]!));
    const sql = await statementsOf(() => push(ctx, { clientId, mutations }));
    // A group may close early after ~100 ms on a slow machine.
    const groups = sql.filter((s) => /^\s*begin/i.test(s)).length;
    // Per call: its insert (its rows are read ahead); per group 11 (begin, lock, the reads ahead of cold
    // calls, clients and follow-ups, advance, log seq and insert, poke on Postgres, outcomes, commit); per
    // push 3 (the device's registration and read, the pruning of old outcomes).
    expect(sql.length).toBeLessThanOrEqual(40 + groups * 11 + 3);
    expect(sql.filter((s) => /^\s*savepoint/i.test(s))).toEqual([]);
    // One change-log insert per group.
    expect(sql.filter((s) => /insert into ["`]?sync_changes/i.test(s))).toHaveLength(groups);
    expect(groups).toBeLessThan(10);
    const changes = (await db
      .knex('sync_changes')
      .where({ organization_id: organizationId, table_name: 'cold_calls' })
      .orderBy('seq')
      .pluck('row_id')) as string[];
    expect(changes).toEqual(mutations.map((m) => (m.args as { id: string }).id));
  });

  it('reads the rows its mutations name once per table and group, not once per mutation', async () => {
    const clientId = randomUUID();
    const mutations = Array.from({ length: 40 }, (_, i) => call(i + 1, clients[i % clients.length]!));
    const sql = await statementsOf(() => push(ctx, { clientId, mutations }));
    const groups = sql.filter((s) => /^\s*begin/i.test(s)).length;
    // Per group: the device, the cold calls and the clients named (one query each); none per mutation.
    const byId = sql.filter((s) => /^\s*select \* from ["`]?(cold_calls|clients)["`]? /i.test(s));
    expect(byId.length).toBeLessThanOrEqual(groups * 2);
    expect(byId.every((s) => / in \(/i.test(s))).toBe(true);
    expect(
      await db.knex('cold_calls').whereIn(
        'id',
        mutations.map((m) => (m.args as { id: string }).id),
      ),
    ).toHaveLength(40);
  });

  it('a row read ahead and written by one mutation is read again by the next one of the group', async () => {
    const clientId = randomUUID();
    const target = clients[0]!;
    const callId = randomUUID();
    const mutations: PushMutation[] = [
      {
        mutationId: 1,
        name: 'updateClient',
        args: { id: target, phone: '934567890', customFields: { budget: 250000 } },
      },
      { mutationId: 2, name: 'logColdCall', args: { id: callId, clientId: target, result: 'Atendeu' } },
    ];
    const res = await push(ctx, { clientId, mutations });
    expect(res.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    // The call takes the client's phone as the first mutation left it, not as it was read ahead.
    const stored = await db.knex('cold_calls').where({ id: callId }).first();
    expect(stored.phone_number).toBe('934567890');
  });

  it('a refused mutation in the middle of a group is its own rejection; the others apply exactly once', async () => {
    const clientId = randomUUID();
    const mutations = Array.from({ length: 12 }, (_, i) => call(i + 1, clients[i % clients.length]!));
    (mutations[5]!.args as { clientId: string }).clientId = randomUUID(); // no such client: 404
    const sql = await statementsOf(async () => {
      const res = await push(ctx, { clientId, mutations });
      expect(res.lastMutationId).toBe(12);
      expect(res.results.map((r) => r.status)).toEqual([
        ...Array(5).fill('applied'),
        'rejected',
        ...Array(6).fill('applied'),
      ]);
    });
    // The careful run: a savepoint per mutation.
    expect(sql.filter((s) => /^\s*savepoint/i.test(s)).length).toBeGreaterThanOrEqual(12);
    const ids = mutations.map((m) => (m.args as { id: string }).id);
    const stored = (await db.knex('cold_calls').whereIn('id', ids).pluck('id')) as string[];
    expect(stored.sort()).toEqual([...ids.slice(0, 5), ...ids.slice(6)].sort());
    const logged = (await db
      .knex('sync_changes')
      .where({ organization_id: organizationId })
      .whereIn('row_id', ids)
      .orderBy('seq')
      .pluck('row_id')) as string[];
    expect(logged).toEqual([...ids.slice(0, 5), ...ids.slice(6)]);
    const outcomes = await db.knex('sync_mutation_results').where({ client_id: clientId });
    expect(outcomes).toHaveLength(12);
  });
});
