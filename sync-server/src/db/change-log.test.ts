import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, TEST_DIALECT, type TestDb } from '../../test/db';
import { createOrganization, createUser } from '../../test/factories';
import { appendChanges, recordChange, type ChangeRow } from './change-log';
import { forOrganization, type OrganizationScope } from './scope';

let db: TestDb;

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.destroy());

function inTx<T>(
  organizationId: string,
  fn: (scope: OrganizationScope, trx: Knex.Transaction) => Promise<T>,
) {
  return db.knex.transaction((trx) => fn(forOrganization(trx, { organizationId }), trx));
}

async function changesOf(organizationId: string): Promise<ChangeRow[]> {
  const rows = (await db
    .knex('sync_changes')
    .where({ organization_id: organizationId })
    .orderBy('seq')) as ChangeRow[];
  return rows.map((r) => ({ ...r, seq: Number(r.seq) }));
}

async function counterOf(organizationId: string): Promise<number> {
  const row = (await db.knex('organizations').where({ id: organizationId }).first('change_seq')) as {
    change_seq: number | string;
  };
  return Number(row.change_seq);
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const client = (name: string) => ({ name, type: 'Comprador' });

describe(`sync change log (${TEST_DIALECT})`, () => {
  it('gives every write of an organization the next seq, with no gaps, in the same transaction', async () => {
    const org = (await createOrganization(db.knex)).id;
    const a = await inTx(org, (s) => s.insert('clients', client('Rui')));
    await inTx(org, async (s) => {
      await s.update('clients', a.id as string, { name: 'Rui Costa' });
      const tag = await s.insert('tags', { name: 'VIP' });
      await s.insert('client_tags', { client_id: a.id, tag_id: tag.id });
    });
    await inTx(org, (s) => s.softDelete('clients', a.id as string));

    const changes = await changesOf(org);
    expect(changes.map((c) => c.seq)).toEqual(range(1, 5));
    expect(changes.map((c) => [c.table_name, c.op])).toEqual([
      ['clients', 'upsert'],
      ['clients', 'upsert'],
      ['tags', 'upsert'],
      ['client_tags', 'upsert'],
      ['clients', 'delete'],
    ]);
    expect(changes[0]!.row_id).toBe(a.id);
    expect(changes[4]!.row_id).toBe(a.id);
    expect(changes.every((c) => c.user_id === null)).toBe(true);
    expect(await counterOf(org)).toBe(5);
  });

  it('keeps an independent sequence per organization', async () => {
    const orgA = (await createOrganization(db.knex)).id;
    const orgB = (await createOrganization(db.knex)).id;
    await inTx(orgA, (s) => s.insert('clients', client('A1')));
    await inTx(orgB, (s) => s.insert('clients', client('B1')));
    await inTx(orgA, (s) => s.insert('clients', client('A2')));
    await inTx(orgB, (s) => s.insert('clients', client('B2')));
    await inTx(orgB, (s) => s.insert('clients', client('B3')));
    expect((await changesOf(orgA)).map((c) => c.seq)).toEqual([1, 2]);
    expect((await changesOf(orgB)).map((c) => c.seq)).toEqual([1, 2, 3]);
  });

  it('leaves no change (and no used seq) behind a rolled-back write', async () => {
    const org = (await createOrganization(db.knex)).id;
    await inTx(org, (s) => s.insert('clients', client('Fica')));
    await expect(
      inTx(org, async (s) => {
        await s.insert('clients', client('Desaparece'));
        await s.insert('tags', { name: 'Também' });
        throw new Error('falhou');
      }),
    ).rejects.toThrow('falhou');
    expect((await changesOf(org)).map((c) => c.seq)).toEqual([1]);
    expect(await counterOf(org)).toBe(1);
    await inTx(org, (s) => s.insert('clients', client('Seguinte')));
    expect((await changesOf(org)).map((c) => c.seq)).toEqual([1, 2]);
  });

  it('appends one change per row of a 5,000-row bulk insert, in row order', async () => {
    const org = (await createOrganization(db.knex)).id;
    const rows = range(1, 5000).map((i) => ({ ...client(`Importado ${i}`), email: `c${i}@exemplo.pt` }));
    const inserted = await inTx(org, (s) => s.insertMany('clients', rows));
    expect(inserted).toHaveLength(5000);
    expect(inserted[4999]!.name).toBe('Importado 5000');
    const changes = await changesOf(org);
    expect(changes).toHaveLength(5000);
    expect(changes.map((c) => c.seq)).toEqual(range(1, 5000));
    expect(changes.map((c) => c.row_id)).toEqual(inserted.map((r) => r.id));
    expect(new Set(changes.map((c) => c.op))).toEqual(new Set(['upsert']));
    const count = await db.knex('clients').where({ organization_id: org }).count({ n: '*' }).first();
    expect(Number(count?.n)).toBe(5000);
  });

  it("records soft deletes as 'delete', one per row for softDeleteWhere", async () => {
    const org = (await createOrganization(db.knex)).id;
    const c = await inTx(org, (s) => s.insert('clients', client('Com tarefas')));
    const other = await inTx(org, (s) => s.insert('clients', client('Outro')));
    const followUp = (title: string, clientId: unknown) => ({
      client_id: clientId,
      title,
      type: 'call',
      scheduled_date: new Date().toISOString(),
    });
    const fus = await inTx(org, (s) =>
      s.insertMany('follow_ups', [followUp('1', c.id), followUp('2', c.id), followUp('3', other.id)]),
    );
    const deleted = await inTx(org, (s) => s.softDeleteWhere('follow_ups', { client_id: c.id }));
    expect(deleted.sort()).toEqual([fus[0]!.id, fus[1]!.id].sort());
    const tail = (await changesOf(org)).slice(-2);
    expect(tail.map((t) => [t.table_name, t.op])).toEqual([
      ['follow_ups', 'delete'],
      ['follow_ups', 'delete'],
    ]);
    expect(tail.map((t) => t.row_id).sort()).toEqual(deleted.sort());
    expect(tail.map((t) => t.seq)).toEqual([6, 7]);
  });

  it('marks notification changes with their user, so only that user pulls them', async () => {
    const org = (await createOrganization(db.knex)).id;
    const user = await createUser(db.knex, { organizationId: org });
    const n = await inTx(org, (s) =>
      s.insert('notifications', { user_id: user.id, type: 'system', title: 'Olá' }),
    );
    await inTx(org, (s) => s.update('notifications', n.id as string, { read: true }));
    await inTx(org, (s) => s.softDelete('notifications', n.id as string));
    const changes = await changesOf(org);
    expect(changes.map((c) => [c.op, c.user_id])).toEqual([
      ['upsert', user.id],
      ['upsert', user.id],
      ['delete', user.id],
    ]);
  });

  it('does not log organization tables that are not replicated', async () => {
    const org = (await createOrganization(db.knex)).id;
    await inTx(org, (s) => s.insert('registration_settings', { enabled: true }));
    expect(await changesOf(org)).toEqual([]);
  });

  it('recordChange logs a write made outside the scope; appendChanges refuses to run outside a transaction', async () => {
    const org = (await createOrganization(db.knex)).id;
    await expect(
      appendChanges(db.knex, org, [{ table: 'clients', rowId: org, op: 'upsert' }]),
    ).rejects.toThrow(/inside a transaction/);
    await expect(recordChange(db.knex, org, { table: 'clients', rowId: org, op: 'upsert' })).rejects.toThrow(
      /inside a transaction/,
    );
    const seq = await db.knex.transaction((trx) =>
      recordChange(trx, org, { table: 'tags', rowId: '7d0c3a5e-0000-4000-8000-000000000001', op: 'delete' }),
    );
    expect(seq).toBe(1);
    expect(await changesOf(org)).toMatchObject([{ seq: 1, table_name: 'tags', op: 'delete' }]);
    await expect(db.knex.transaction((trx) => appendChanges(trx, org, []))).resolves.toEqual([]);
  });

  it('a second writer of the same organization waits for the first to commit, then takes the next seq', async () => {
    // Postgres: the second UPDATE of organizations.change_seq waits on the first one's row lock.
    // SQLite: one connection, so the second transaction cannot even start before the first ends.
    const org = (await createOrganization(db.knex)).id;
    const first = await db.knex.transaction();
    let secondDone = false;
    let second: Promise<number[]> | undefined;
    try {
      expect(
        await appendChanges(first, org, [
          { table: 'clients', rowId: org, op: 'upsert' },
          { table: 'clients', rowId: org, op: 'upsert' },
        ]),
      ).toEqual([1, 2]);
      second = db.knex
        .transaction((trx) => appendChanges(trx, org, [{ table: 'tags', rowId: org, op: 'upsert' }]))
        .then((seqs) => {
          secondDone = true;
          return seqs;
        });
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(secondDone).toBe(false);
      await first.commit();
      expect(await second).toEqual([3]);
    } finally {
      if (!first.isCompleted()) await first.rollback();
      await second?.catch(() => undefined);
    }
    expect((await changesOf(org)).map((c) => c.seq)).toEqual([1, 2, 3]);
  });

  it('concurrent writers never make a lower seq visible after a higher one', async () => {
    const org = (await createOrganization(db.knex)).id;
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const WRITERS = 4;
    const ROUNDS = 8;
    let writing = true;
    const observations: number[][] = [];

    const reader = (async () => {
      while (writing) {
        const seqs = (
          await db.knex('sync_changes').where({ organization_id: org }).orderBy('seq').pluck('seq')
        ).map(Number);
        observations.push(seqs);
        await sleep(1);
      }
    })();

    const writer = async (w: number) => {
      for (let round = 0; round < ROUNDS; round++) {
        await inTx(org, async (s) => {
          await s.insert('clients', client(`W${w}R${round}`));
          await sleep((w * 7 + round * 3) % 5); // keep the transaction open a little after taking seqs
          if ((w + round) % 3 === 0) await s.insert('tags', { name: `t-${w}-${round}` });
        });
      }
    };
    await Promise.all(range(1, WRITERS).map(writer));
    writing = false;
    await reader;

    const total =
      WRITERS * ROUNDS +
      range(1, WRITERS).flatMap((w) => range(0, ROUNDS - 1).filter((r) => (w + r) % 3 === 0)).length;
    const final = (await changesOf(org)).map((c) => c.seq);
    expect(final).toEqual(range(1, total));
    expect(observations.length).toBeGreaterThan(0);
    // Every read saw a gap-free prefix 1..N: a seq below a visible one never appears later.
    for (const seen of observations) expect(seen).toEqual(range(1, seen.length));
  });
});
