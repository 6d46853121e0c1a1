import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { cachePreparedStatements, createKnex } from './knex';

const open: BetterSqlite3.Database[] = [];

function database(size?: number): BetterSqlite3.Database {
  const db = new BetterSqlite3(':memory:');
  open.push(db);
  db.exec('CREATE TABLE t (a INTEGER, b TEXT)');
  db.exec("INSERT INTO t VALUES (1, 'um'), (2, 'dois'), (3, 'três')");
  cachePreparedStatements(db, size);
  return db;
}

afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

describe('SQLite prepared-statement cache', () => {
  it('hands the same statement back for the same SQL text', () => {
    const db = database();
    const first = db.prepare('SELECT a FROM t WHERE a = ?');
    expect(db.prepare('SELECT a FROM t WHERE a = ?')).toBe(first);
    expect(db.prepare('SELECT b FROM t WHERE a = ?')).not.toBe(first);
    expect(first.get(2)).toEqual({ a: 2 });
  });

  it('does not cache PRAGMA or DDL', () => {
    const db = database();
    expect(db.prepare('PRAGMA table_info(t)')).not.toBe(db.prepare('PRAGMA table_info(t)'));
  });

  it('sees schema changes: a cached SELECT * after ALTER TABLE returns the new column', () => {
    const db = database();
    const before = db.prepare('SELECT * FROM t ORDER BY a LIMIT 1');
    expect(before.all()).toEqual([{ a: 1, b: 'um' }]);
    db.prepare("ALTER TABLE t ADD COLUMN c TEXT DEFAULT 'x'").run();
    const after = db.prepare('SELECT * FROM t ORDER BY a LIMIT 1');
    expect(after).not.toBe(before);
    expect(after.all()).toEqual([{ a: 1, b: 'um', c: 'x' }]);
    // better-sqlite3 re-prepares a stale statement by itself too.
    expect(before.all()).toEqual([{ a: 1, b: 'um', c: 'x' }]);
  });

  it('resets raw/pluck/expand/safeIntegers modes set by a previous caller', () => {
    const db = database();
    const sql = 'SELECT a, b FROM t ORDER BY a LIMIT 1';
    db.prepare(sql).raw(true);
    expect(db.prepare(sql).all()).toEqual([{ a: 1, b: 'um' }]);
    db.prepare(sql).pluck(true);
    expect(db.prepare(sql).all()).toEqual([{ a: 1, b: 'um' }]);
    db.prepare(sql).safeIntegers(true);
    expect(db.prepare(sql).get()).toEqual({ a: 1, b: 'um' });
    db.prepare(sql).expand(true);
    expect(db.prepare(sql).get()).toEqual({ a: 1, b: 'um' });
  });

  it('never hands out a statement that is still being iterated', () => {
    const db = database();
    const sql = 'SELECT a FROM t ORDER BY a';
    const outer = db.prepare(sql);
    const seen: number[][] = [];
    for (const row of outer.iterate() as IterableIterator<{ a: number }>) {
      const inner = db.prepare(sql);
      expect(inner).not.toBe(outer);
      seen.push([row.a, (inner.all() as { a: number }[]).length]);
    }
    expect(seen).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(db.prepare(sql)).toBe(outer);
  });

  it('is bounded and evicts the least recently used statement', () => {
    const db = database(2);
    const a = db.prepare('SELECT 1');
    const b = db.prepare('SELECT 2');
    expect(db.prepare('SELECT 1')).toBe(a);
    db.prepare('SELECT 3');
    expect(db.prepare('SELECT 1')).toBe(a);
    expect(db.prepare('SELECT 2')).not.toBe(b);
  });

  it('clears the cache when the schema changes', () => {
    const db = database();
    const a = db.prepare('SELECT a FROM t');
    db.prepare('CREATE INDEX t_a ON t (a)').run();
    expect(db.prepare('SELECT a FROM t')).not.toBe(a);
  });

  it('works through knex: queries, schema changes and transactions', async () => {
    const knex = createKnex({ client: 'sqlite', filename: ':memory:' });
    try {
      await knex.schema.createTable('items', (table) => {
        table.string('id').primary();
      });
      await knex('items').insert({ id: 'a' });
      expect(await knex('items').select()).toEqual([{ id: 'a' }]);
      await knex.schema.alterTable('items', (table) => {
        table.integer('n').defaultTo(7);
      });
      expect(await knex('items').select()).toEqual([{ id: 'a', n: 7 }]);
      await expect(
        knex.transaction(async (trx) => {
          await trx('items').insert({ id: 'b', n: 1 });
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      await knex.transaction(async (trx) => {
        await trx('items').insert({ id: 'c', n: 2 });
      });
      expect(await knex('items').orderBy('id').pluck('id')).toEqual(['a', 'c']);
      expect(await knex('items').where({ n: 2 }).update({ n: 3 })).toBe(1);
      expect(await knex('items').where({ id: 'c' }).first()).toEqual({ id: 'c', n: 3 });
    } finally {
      await knex.destroy();
    }
  });
});
