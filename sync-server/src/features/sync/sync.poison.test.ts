import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorMessages } from '@casa/shared-schema';
import { inTransaction } from '../../db/transaction';
import type { DomainCtx } from '../../http/context';
import { TEST_DIALECT } from '../../../test/db';
import { createMember, createUser, TEST_PASSWORD } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { classifyMutationFailure, isTransientFault } from './mutation-failure';
import { MUTATORS, type Mutator } from './sync-mutations';
import { Device, Replica } from './sync.testkit';

/*
 * A device's queue never jams (issue 17): a mutation the server cannot apply, the same way on every
 * retry, is recorded as rejected with a pt-PT message and the mutations after it apply; only transient
 * faults stop the push (503) for a retry.
 */

let server: TestServer;
let orgId: string;

beforeAll(async () => {
  server = await startTestServer();
  orgId = (await createMember(server.knex, 'admin')).organization.id;
});

afterAll(async () => {
  await server?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function newDevice() {
  const user = await createUser(server.knex, { organizationId: orgId, role: 'agent' });
  return new Device(await server.loginAs(user.email, TEST_PASSWORD));
}

const count = async (table: string, where: Record<string, unknown>) =>
  Number(((await server.knex(table).where(where).count({ n: '*' })) as Array<{ n: unknown }>)[0]!.n);

const POISON = 'veneno';

/**
 * markAllNotificationsRead, when its args carry the poison marker, runs `write` on the push's own
 * transaction instead (a test-only mutator: the domain itself lets nothing through that the database
 * refuses once issue 17's bounds are in, so the refusal is forced here, on both databases).
 */
function poisonMutator(write: (ctx: DomainCtx) => Promise<unknown>): void {
  const original: Mutator = MUTATORS.markAllNotificationsRead;
  vi.spyOn(MUTATORS, 'markAllNotificationsRead').mockImplementation((ctx, args) =>
    (args as { poison?: string } | null)?.poison === POISON
      ? inTransaction(ctx, (tx) => write({ ...tx, db: tx.db }))
      : original(ctx, args),
  );
}

const poisonArgs = { poison: POISON };

/** A write every database refuses on every try, per kind of refusal. */
const REFUSALS: Array<[string, (ctx: DomainCtx) => Promise<unknown>, string]> = [
  [
    'a NOT NULL constraint',
    (ctx) => ctx.db('tags').insert({ id: randomUUID() }),
    errorMessages.syncMutationConstraint,
  ],
  [
    TEST_DIALECT === 'pg' ? 'text with U+0000 (Postgres 22021)' : 'malformed JSON (SQLite)',
    (ctx) =>
      TEST_DIALECT === 'pg'
        ? ctx.db('tags').where('id', randomUUID()).update({ name: 'a\u0000b' })
        : ctx.db.raw('SELECT json(\'{"x":\')'),
    errorMessages.syncMutationInvalidData,
  ],
  [
    'a JSON nested deeper than the database takes',
    (ctx) =>
      TEST_DIALECT === 'pg'
        ? ctx.db.raw('SELECT ?::jsonb', ['['.repeat(20_000) + ']'.repeat(20_000)])
        : ctx.db.raw('SELECT json(?)', ['['.repeat(2_000) + ']'.repeat(2_000)]),
    errorMessages.syncMutationInvalidData,
  ],
  [
    'a TypeError on odd input',
    async () => (null as unknown as { x: number }).x,
    errorMessages.syncMutationInvalidData,
  ],
  ['an unexpected server error', () => Promise.reject(new Error('bug')), errorMessages.syncMutationFailed],
];

describe(`a poison mutation between two good ones (${TEST_DIALECT})`, () => {
  for (const [label, write, message] of REFUSALS) {
    it(`${label}: recorded as rejected with a pt-PT message, the good ones applied, the device in step`, async () => {
      poisonMutator(write);
      const device = await newDevice();
      const replica = new Replica(device.http);
      await replica.sync();
      const [before, after] = [randomUUID(), randomUUID()];
      const batch = [
        device.mutation('createClient', { id: before, name: 'Antes', type: 'Vendedor' }),
        device.mutation('markAllNotificationsRead', poisonArgs),
        device.mutation('createClient', { id: after, name: 'Depois', type: 'Vendedor' }),
      ];
      const res = await device.push(batch);
      expect(res.lastMutationId).toBe(3);
      expect(res.results.map((r) => r.status)).toEqual(['applied', 'rejected', 'applied']);
      expect(res.results[1]!.error!.message).toBe(message);
      expect(await count('clients', { id: before })).toBe(1);
      expect(await count('clients', { id: after })).toBe(1);

      // The same batch again (a lost answer) replays the recorded outcomes; the next mutation goes on.
      const again = await device.push(batch);
      expect(again.results).toEqual(res.results.map((r) => ({ ...r, replayed: true })));
      const next = await device.push([device.mutation('updateClient', { id: after, notes: 'segue' })]);
      expect(next).toMatchObject({ lastMutationId: 4, results: [{ status: 'applied' }] });
      await replica.sync();
      expect(replica.rows('clients').get(after)).toMatchObject({ notes: 'segue' });
      expect(replica.rows('clients').has(before)).toBe(true);
    });
  }

  it('text with U+0000 in a real mutation never jams the queue (stored or refused, never a 5xx)', async () => {
    const device = await newDevice();
    const [before, poisoned, after] = [randomUUID(), randomUUID(), randomUUID()];
    const res = await device.push([
      device.mutation('createClient', { id: before, name: 'Antes', type: 'Vendedor' }),
      device.mutation('createClient', {
        id: poisoned,
        name: 'Nu\u0000l',
        type: 'Vendedor',
        notes: 'x\u0000',
      }),
      device.mutation('createClient', { id: after, name: 'Depois', type: 'Vendedor' }),
    ]);
    expect(res.lastMutationId).toBe(3);
    expect(res.results[0]!.status).toBe('applied');
    expect(res.results[2]!.status).toBe('applied');
    const middle = res.results[1]!;
    if (middle.status === 'rejected') {
      expect(middle.error!.message).toMatch(/[ãçõáéíóú]/); // Portuguese text, not a driver message
      expect(await count('clients', { id: poisoned })).toBe(0);
    }
  });

  it('a transient fault answers 503 and records nothing for that mutation; the retry applies it', async () => {
    const fault = Object.assign(new Error('busy'), {
      code: TEST_DIALECT === 'pg' ? '40001' : 'SQLITE_BUSY',
    });
    let failing = true;
    const original: Mutator = MUTATORS.markAllNotificationsRead;
    vi.spyOn(MUTATORS, 'markAllNotificationsRead').mockImplementation((ctx, args) =>
      failing ? Promise.reject(fault) : original(ctx, args),
    );
    const device = await newDevice();
    const before = randomUUID();
    const batch = [
      device.mutation('createClient', { id: before, name: 'Antes', type: 'Vendedor' }),
      device.mutation('markAllNotificationsRead', {}),
    ];
    const res = await device.http.post('/api/sync/push', { clientId: device.clientId, mutations: batch });
    expect(res.status).toBe(503);
    expect(res.json.message).toBe(errorMessages.syncUnavailable);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await count('clients', { id: before })).toBe(1); // committed before the fault
    expect(await count('sync_mutation_results', { client_id: device.clientId })).toBe(1);

    failing = false;
    const retry = await device.push(batch);
    expect(retry.lastMutationId).toBe(2);
    expect(retry.results.map((r) => [r.status, r.replayed ?? false])).toEqual([
      ['applied', true],
      ['applied', false],
    ]);
  });
});

describe('classifyMutationFailure', () => {
  const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('leaves only passing faults to a retry', () => {
    for (const err of [
      coded('40001'),
      coded('40P01'),
      coded('55P03'),
      coded('57014'),
      coded('57P01'),
      coded('08006'),
      coded('53100'),
      coded('SQLITE_BUSY'),
      coded('SQLITE_BUSY_SNAPSHOT'),
      coded('SQLITE_IOERR_WRITE'),
      coded('ECONNREFUSED'),
      coded('EPIPE'),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' }),
      new TypeError('The database connection is not open'),
    ]) {
      expect(isTransientFault(err), String((err as { code?: string }).code ?? err.message)).toBe(true);
    }
  });

  it('records everything else as a rejection', () => {
    expect(classifyMutationFailure(coded('23505'))).toMatchObject({
      kind: 'rejected',
      error: { status: 409 },
    });
    expect(classifyMutationFailure(coded('SQLITE_CONSTRAINT_NOTNULL'))).toMatchObject({
      error: { message: errorMessages.syncMutationConstraint },
    });
    for (const err of [
      coded('22021'),
      coded('22P05'),
      coded('54001'),
      coded('SQLITE_ERROR'),
      new RangeError('x'),
    ]) {
      expect(classifyMutationFailure(err)).toMatchObject({
        kind: 'rejected',
        unexpected: false,
        error: { status: 400, message: errorMessages.syncMutationInvalidData },
      });
    }
    expect(classifyMutationFailure(coded('42P01'))).toMatchObject({ kind: 'rejected', unexpected: true });
    expect(classifyMutationFailure('a string')).toMatchObject({ kind: 'rejected', unexpected: true });
  });
});
