import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import type BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';

export type DbConfig =
  { client: 'sqlite'; filename: string } | { client: 'pg'; connectionString: string; schema?: string };

export type Dialect = 'sqlite' | 'pg';

const INT8_OID = 20;

/** Prepared statements kept per SQLite connection (LRU by SQL text). */
export const STATEMENT_CACHE_SIZE = 500;

/** Statements worth caching: data access and transaction control. Anything else (DDL, PRAGMA …) is prepared fresh. */
const CACHEABLE_SQL =
  /^\s*(?:select|insert|update|delete|with|replace|begin|commit|rollback|savepoint|release)\b/i;
/** Schema changes: drop every cached statement of the connection (SQLite re-prepares on schema change anyway; belt and braces). */
const SCHEMA_SQL = /^\s*(?:create|alter|drop|vacuum|attach|detach)\b/i;

/**
 * knex's better-sqlite3 dialect calls `connection.prepare(sql)` for every query and keeps nothing, which costs about
 * as much CPU as executing the query. Wrap `prepare` with a bounded LRU keyed by SQL text so knex transparently reuses
 * statements. better-sqlite3 is synchronous, so a statement is reused sequentially; a statement still being iterated
 * (`busy`) is never handed out again — a fresh one is prepared instead. Modes that a previous caller may have set
 * (`safeIntegers`, `raw`, `pluck`, `expand`) are reset to the defaults before a cached statement is returned.
 */
export function cachePreparedStatements(conn: BetterSqlite3.Database, size = STATEMENT_CACHE_SIZE): void {
  const prepare = conn.prepare.bind(conn);
  const cache = new Map<string, BetterSqlite3.Statement>();
  const wrapped = (sql: string): BetterSqlite3.Statement => {
    if (!CACHEABLE_SQL.test(sql)) {
      if (SCHEMA_SQL.test(sql)) cache.clear();
      return prepare(sql);
    }
    const cached = cache.get(sql);
    if (cached !== undefined && !cached.busy) {
      cache.delete(sql);
      cache.set(sql, cached);
      cached.safeIntegers(false);
      if (cached.reader) cached.raw(false).pluck(false).expand(false);
      return cached;
    }
    const statement = prepare(sql);
    if (cached === undefined) {
      if (cache.size >= size) cache.delete(cache.keys().next().value as string);
      cache.set(sql, statement);
    }
    return statement;
  };
  (conn as { prepare: unknown }).prepare = wrapped;
}

/** Builds a Knex instance for SQLite (better-sqlite3) or PostgreSQL (pg). */
export function createKnex(config: DbConfig): Knex {
  return config.client === 'sqlite' ? createSqlite(config.filename) : createPg(config);
}

function createSqlite(filename: string): Knex {
  if (filename !== ':memory:' && !filename.startsWith('file:')) {
    fs.mkdirSync(path.dirname(path.resolve(filename)), { recursive: true });
  }
  return knexFactory({
    client: 'better-sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    // better-sqlite3 is synchronous: one connection serialises writers and avoids SQLITE_BUSY inside transactions.
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: BetterSqlite3.Database, done: (err: Error | null, conn: unknown) => void) {
        try {
          conn.pragma('journal_mode = WAL');
          conn.pragma('foreign_keys = ON');
          conn.pragma('busy_timeout = 5000');
          conn.pragma('synchronous = NORMAL');
          cachePreparedStatements(conn);
          done(null, conn);
        } catch (err) {
          done(err as Error, conn);
        }
      },
    },
  });
}

function createPg(config: { connectionString: string; schema?: string }): Knex {
  return knexFactory({
    client: 'pg',
    connection: {
      connectionString: config.connectionString,
      // count(*) and bigint columns (sessions.expires_at, in ms) fit comfortably in a JS number.
      types: {
        getTypeParser: ((oid: number, format?: string) =>
          oid === INT8_OID && format !== 'binary'
            ? (value: string) => Number(value)
            : pg.types.getTypeParser(oid, format as 'text')) as never,
      },
    },
    searchPath: config.schema ? [config.schema, 'public'] : undefined,
    pool: { min: 0, max: 10, idleTimeoutMillis: 30_000 },
    acquireConnectionTimeout: 10_000,
  });
}

export function dialectOf(knex: Knex): Dialect {
  const client = knex.client.config.client as string;
  return client === 'pg' || client === 'postgres' || client === 'postgresql' ? 'pg' : 'sqlite';
}
