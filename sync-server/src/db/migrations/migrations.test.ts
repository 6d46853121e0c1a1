import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, TEST_DIALECT, type TestDb } from '../../../test/db';
import { migrateLatest, rollbackAll } from '../migrate';
import { TABLE_NAMES } from '../tables';
import { migrations } from './index';

/** Reads the table of docs/data-model.md: table name → column names (id added unless another pk is given). */
function documentedColumns(): Map<string, string[]> {
  const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../docs/data-model.md'), 'utf8');
  const tables = new Map<string, string[]>();
  for (const line of doc.split('\n')) {
    const cells = line
      .replaceAll('\\|', '/')
      .split('|')
      .map((c) => c.trim());
    const table = cells[1];
    const columns = cells[2];
    if (!table || !columns || !/^[a-z_]+$/.test(table) || table === 'table') continue;
    const names: string[] = [];
    let depth = 0;
    let current = '';
    for (const ch of `${columns},`) {
      if (ch === '(') depth++;
      if (ch === ')') depth--;
      if (ch === ',' && depth === 0) {
        const name = /^([a-z_]+)/.exec(current.trim())?.[1];
        if (name) names.push(name);
        current = '';
      } else current += ch;
    }
    const hasOtherPk = /\(pk\b/.test(columns) || names.includes('id');
    tables.set(table, hasOtherPk ? names : ['id', ...names]);
  }
  return tables;
}

async function columnsOf(knex: Knex, table: string): Promise<string[]> {
  return Object.keys(await knex(table).columnInfo()).sort();
}

describe(`migrations (${TEST_DIALECT})`, () => {
  let db: TestDb;
  beforeEach(async () => {
    db = await createTestDb();
  });
  afterEach(async () => {
    await db.destroy();
  });

  it('creates every table of docs/data-model.md with exactly the documented columns', async () => {
    const documented = documentedColumns();
    expect([...documented.keys()].sort()).toEqual([...TABLE_NAMES].sort());
    for (const [table, columns] of documented) {
      expect(await db.knex.schema.hasTable(table), table).toBe(true);
      expect(await columnsOf(db.knex, table), table).toEqual([...columns].sort());
    }
  });

  it('rolls everything back and migrates again', async () => {
    expect(await rollbackAll(db.knex)).toHaveLength(migrations.length);
    for (const table of TABLE_NAMES) expect(await db.knex.schema.hasTable(table), table).toBe(false);
    expect(await migrateLatest(db.knex)).toEqual(migrations.map((m) => m.name));
    for (const table of TABLE_NAMES) expect(await db.knex.schema.hasTable(table), table).toBe(true);
    expect(await migrateLatest(db.knex)).toEqual([]);
  });

  it(`sets the ${TEST_DIALECT} connection up as intended`, async () => {
    if (TEST_DIALECT === 'sqlite') {
      const journal = (await db.knex.raw('PRAGMA journal_mode')) as Array<{ journal_mode: string }>;
      const fk = (await db.knex.raw('PRAGMA foreign_keys')) as Array<{ foreign_keys: number }>;
      const sync = (await db.knex.raw('PRAGMA synchronous')) as Array<{ synchronous: number }>;
      expect(journal[0]?.journal_mode).toBe('wal');
      expect(fk[0]?.foreign_keys).toBe(1);
      expect(sync[0]?.synchronous).toBe(1); // NORMAL
    } else {
      const types = await db
        .knex('information_schema.columns')
        .select('column_name', 'data_type')
        .where({ table_name: 'clients', table_schema: 'public' })
        .whereIn('column_name', ['created_at', 'custom_fields', 'id']);
      expect(
        Object.fromEntries(
          types.map((r: { column_name: string; data_type: string }) => [r.column_name, r.data_type]),
        ),
      ).toEqual({
        created_at: 'timestamp with time zone',
        custom_fields: 'jsonb',
        id: 'uuid',
      });
      const count = await db.knex('clients').count({ n: '*' }).first();
      expect(count?.n).toBe(0); // int8 parsed as a number
    }
  });
});
