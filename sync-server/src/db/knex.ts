import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import type BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';

export type DbConfig =
  { client: 'sqlite'; filename: string } | { client: 'pg'; connectionString: string; schema?: string };

export type Dialect = 'sqlite' | 'pg';

const INT8_OID = 20;

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
