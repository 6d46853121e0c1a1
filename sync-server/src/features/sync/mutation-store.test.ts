import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../test/db';
import { createClient, createOrganization } from '../../../test/factories';
import { scopeStore } from './mutation-store';

let db: TestDb;
let org: string;

beforeAll(async () => {
  db = await createTestDb();
  org = (await createOrganization(db.knex, { name: 'Imobiliária A' })).id;
});
afterAll(() => db.destroy());

/** Runs `fn` on a store inside a transaction; answers its result and the SQL statements it sent. */
async function withStore<T>(fn: (store: ReturnType<typeof scopeStore>) => Promise<T>) {
  const sql: string[] = [];
  const listen = (q: { sql: string }) => sql.push(q.sql);
  db.knex.on('query', listen);
  try {
    const now = new Date().toISOString();
    const value = await db.knex.transaction((trx) =>
      fn(scopeStore(trx, { userId: randomUUID(), organizationId: org }, now)),
    );
    return { value, sql };
  } finally {
    db.knex.off('query', listen);
  }
}

const changesOf = async (rowId: string) =>
  (await db.knex('sync_changes').where({ row_id: rowId }).select('op')) as Array<{ op: string }>;

describe('the server mutation store', () => {
  it('updates only the changed columns after one read, with the search text, and logs the change', async () => {
    const id = await createClient(db.knex, org, { name: 'Ana' });
    const before = (await changesOf(id)).length;
    const { sql } = await withStore(async (store) => {
      const row = (await store.get('clients', id))!;
      await store.put('clients', { ...row, notes: 'Quer T2', updatedAt: 'x' });
    });
    const updates = sql.filter((s) => /^update [`"]clients[`"]/i.test(s));
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatch(/[`"]notes[`"]/);
    expect(updates[0]).not.toMatch(/[`"]name[`"]/);
    expect(sql.filter((s) => /^select .* from [`"]clients[`"]/i.test(s))).toHaveLength(1);
    const stored = await db.knex('clients').where({ id }).first();
    expect(stored.notes).toBe('Quer T2');
    expect(String(stored.search_text)).toContain('quer t2');
    expect((await changesOf(id)).length).toBe(before + 1);
  });

  it('removeWhere soft-deletes every match in one statement and logs each as a delete', async () => {
    const id = await createClient(db.knex, org, { name: 'Rui' });
    const { sql } = await withStore((store) => store.removeWhere('clients', 'name', 'Rui'));
    expect(sql.filter((s) => /^update [`"]clients[`"]/i.test(s))).toHaveLength(1);
    expect((await db.knex('clients').where({ id }).first()).deleted_at).not.toBeNull();
    expect((await changesOf(id)).map((c) => c.op)).toContain('delete');
    const { value } = await withStore((store) => store.get('clients', id));
    expect(value).toBeUndefined();
  });
});
