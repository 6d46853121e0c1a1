import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, TEST_DIALECT, type TestDb } from '../../test/db';
import { createOrganization } from '../../test/factories';
import { flushChangeLog, type ChangeRow } from './change-log';
import { deferChangeLog } from './change-log-deferred';
import { forOrganization } from './scope';

/*
 * Deferred change-log appends (a sync push group, docs/sync.md "A push group"): the writes of a deferring
 * transaction log nothing until flushChangeLog, which then writes what they would have appended, in their
 * order, minus what rolled-back savepoints gave back.
 */

let db: TestDb;

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.destroy());

async function changesOf(organizationId: string) {
  const rows = (await db
    .knex('sync_changes')
    .where({ organization_id: organizationId })
    .orderBy('seq')) as ChangeRow[];
  return rows.map((r) => ({ seq: Number(r.seq), table: r.table_name, row: r.row_id, op: r.op }));
}

const client = (name: string) => ({ name, type: 'Comprador' });

describe(`deferred change-log appends (${TEST_DIALECT})`, () => {
  it('writes every kept change at the flush, in order, without what rolled-back savepoints wrote', async () => {
    const org = (await createOrganization(db.knex)).id;
    const ids: string[] = [];
    await db.knex.transaction(async (trx) => {
      deferChangeLog(trx);
      const scope = forOrganization(trx, { organizationId: org });
      ids.push((await scope.insert('clients', client('Ana'))).id as string);
      // A released savepoint keeps its changes; one nested in it that rolled back gives its own back.
      await trx.transaction(async (sp) => {
        const inner = forOrganization(sp, { organizationId: org });
        ids.push((await inner.insert('clients', client('Bruno'))).id as string);
        await sp
          .transaction(async (deeper) => {
            await forOrganization(deeper, { organizationId: org }).insert('clients', client('Carla'));
            throw new Error('refused');
          })
          .catch(() => undefined);
        await inner.update('clients', ids[0]!, { name: 'Ana Lopes' });
      });
      // A rolled-back savepoint gives back its changes, including those of savepoints it had released.
      await trx
        .transaction(async (sp) => {
          await sp.transaction((deeper) =>
            forOrganization(deeper, { organizationId: org }).insert('clients', client('Duarte')),
          );
          throw new Error('refused');
        })
        .catch(() => undefined);
      await scope.softDelete('clients', ids[1]!);
      expect(await trx('sync_changes').where({ organization_id: org })).toEqual([]);
      await flushChangeLog(trx);
    });

    expect(await changesOf(org)).toEqual([
      { seq: 1, table: 'clients', row: ids[0], op: 'upsert' },
      { seq: 2, table: 'clients', row: ids[1], op: 'upsert' },
      { seq: 3, table: 'clients', row: ids[0], op: 'upsert' },
      { seq: 4, table: 'clients', row: ids[1], op: 'delete' },
    ]);
    const counter = (await db.knex('organizations').where({ id: org }).first('change_seq')) as {
      change_seq: number | string;
    };
    expect(Number(counter.change_seq)).toBe(4);
  });

  it('appends at once in a transaction that does not defer (every other writer)', async () => {
    const org = (await createOrganization(db.knex)).id;
    await db.knex.transaction(async (trx) => {
      await forOrganization(trx, { organizationId: org }).insert('clients', client('Eva'));
      expect(await trx('sync_changes').where({ organization_id: org })).toHaveLength(1);
    });
  });
});
