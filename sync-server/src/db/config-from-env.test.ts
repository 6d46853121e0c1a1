import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dbConfigFromEnv, DEFAULT_SQLITE_FILE, REPO_ROOT } from './config-from-env';
import { createKnex, dialectOf } from './knex';

describe('dbConfigFromEnv', () => {
  it('defaults to ./data/casa.sqlite at the repo root', () => {
    expect(dbConfigFromEnv({})).toEqual({ client: 'sqlite', filename: DEFAULT_SQLITE_FILE });
    expect(DEFAULT_SQLITE_FILE).toBe(path.join(REPO_ROOT, 'data', 'casa.sqlite'));
    expect(path.basename(REPO_ROOT)).not.toBe('sync-server');
  });

  it('resolves SQLITE_FILE from the repo root and keeps absolute paths', () => {
    expect(dbConfigFromEnv({ SQLITE_FILE: 'tmp/x.sqlite' })).toEqual({
      client: 'sqlite',
      filename: path.join(REPO_ROOT, 'tmp/x.sqlite'),
    });
    expect(dbConfigFromEnv({ DB_CLIENT: 'sqlite', SQLITE_FILE: '/var/casa.db' })).toEqual({
      client: 'sqlite',
      filename: '/var/casa.db',
    });
  });

  it('reads the Postgres URL and rejects incomplete or unknown settings', () => {
    expect(dbConfigFromEnv({ DB_CLIENT: 'pg', DATABASE_URL: 'postgres://u@h/db' })).toEqual({
      client: 'pg',
      connectionString: 'postgres://u@h/db',
    });
    expect(() => dbConfigFromEnv({ DB_CLIENT: 'pg' })).toThrow(/DATABASE_URL/);
    expect(() => dbConfigFromEnv({ DB_CLIENT: 'mysql' })).toThrow(/DB_CLIENT/);
  });

  it('builds a Knex of the right dialect', async () => {
    const sqlite = createKnex({ client: 'sqlite', filename: ':memory:' });
    const pg = createKnex({ client: 'pg', connectionString: 'postgres://nobody@127.0.0.1:1/none' });
    try {
      expect(dialectOf(sqlite)).toBe('sqlite');
      expect(dialectOf(pg)).toBe('pg');
    } finally {
      await sqlite.destroy();
      await pg.destroy();
    }
  });
});
