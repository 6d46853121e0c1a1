import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Knex } from 'knex';
import { createKnex, type DbConfig } from '../src/db/knex';
import { migrateLatest } from '../src/db/migrate';
import { migrations } from '../src/db/migrations/index';

export type TestDb = { knex: Knex; config: DbConfig; destroy(): Promise<void> };

export const TEST_DIALECT: 'sqlite' | 'pg' = process.env.TEST_DB === 'pg' ? 'pg' : 'sqlite';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TMP_DIR = path.join(os.tmpdir(), 'casa-crm-tests');

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../src/db/migrations');

/**
 * Changes whenever a migration is added or any migration source file (helpers included) changes,
 * so a stale template is never reused.
 */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const m of migrations) hash.update(`${m.name}\n`);
  const files = fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  for (const file of files.sort())
    hash.update(`${file}\n${fs.readFileSync(path.join(MIGRATIONS_DIR, file))}\n`);
  return hash.digest('hex').slice(0, 12);
}

/** A fresh, migrated, empty database (SQLite file or Postgres database). Call destroy() when done. */
export function createTestDb(): Promise<TestDb> {
  return TEST_DIALECT === 'pg' ? createPgTestDb() : createSqliteTestDb();
}

// ---- SQLite: copy a migrated template file ----

let sqliteTemplate: Promise<string> | undefined;

async function buildSqliteTemplate(): Promise<string> {
  fs.mkdirSync(TMP_DIR, { recursive: true });
  const file = path.join(TMP_DIR, `template-${migrationsHash()}.sqlite`);
  if (fs.existsSync(file)) return file;
  // Build under a private name, then rename atomically: concurrent workers never see a half-built file.
  const building = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const knex = createKnex({ client: 'sqlite', filename: building });
  try {
    await migrateLatest(knex);
    await knex.raw('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    await knex.destroy(); // closing the last connection folds the WAL into the main file
  }
  removeSqliteFiles(building, true);
  fs.renameSync(building, file);
  for (const old of fs.readdirSync(TMP_DIR)) {
    if (/^template-[0-9a-f]{12}\.sqlite$/.test(old) && path.join(TMP_DIR, old) !== file) {
      fs.rmSync(path.join(TMP_DIR, old), { force: true });
    }
  }
  return file;
}

function removeSqliteFiles(file: string, sidecarsOnly = false): void {
  for (const suffix of sidecarsOnly ? ['-wal', '-shm'] : ['', '-wal', '-shm']) {
    fs.rmSync(`${file}${suffix}`, { force: true });
  }
}

async function createSqliteTestDb(): Promise<TestDb> {
  sqliteTemplate ??= buildSqliteTemplate();
  const template = await sqliteTemplate;
  const filename = path.join(TMP_DIR, `t-${process.pid}-${randomBytes(6).toString('hex')}.sqlite`);
  fs.copyFileSync(template, filename);
  const config: DbConfig = { client: 'sqlite', filename };
  const knex = createKnex(config);
  return {
    knex,
    config,
    async destroy() {
      await knex.destroy();
      removeSqliteFiles(filename);
    },
  };
}

// ---- Postgres: CREATE DATABASE … TEMPLATE a migrated template database ----

export function pgUrlFor(database: string): string {
  const url = new URL(PG_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs `fn` on a connection to the server's admin database (CREATE/DROP DATABASE). */
export async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function databaseExists(client: pg.Client, name: string): Promise<boolean> {
  const result = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  return (result.rowCount ?? 0) > 0;
}

let pgTemplate: Promise<string> | undefined;

async function buildPgTemplate(): Promise<string> {
  const hash = migrationsHash();
  const name = `casa_tpl_${hash}`;
  return withAdmin(async (admin) => {
    if (await databaseExists(admin, name)) return name;
    // One builder per hash across every worker and run; the others wait here and then reuse it.
    const lockKey = Number.parseInt(hash.slice(0, 8), 16);
    await admin.query('SELECT pg_advisory_lock($1)', [lockKey]);
    try {
      if (await databaseExists(admin, name)) return name;
      const building = `${name}_build`;
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      await admin.query(`CREATE DATABASE ${building}`);
      const knex = createKnex({ client: 'pg', connectionString: pgUrlFor(building) });
      try {
        await migrateLatest(knex);
      } finally {
        await knex.destroy();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      await dropStaleTemplates(admin, name);
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [lockKey]);
    }
  });
}

/** Best effort: templates of older migration sets are never used again. */
async function dropStaleTemplates(admin: pg.Client, current: string): Promise<void> {
  const stale = await admin.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname LIKE 'casa\\_tpl\\_%' AND datname <> $1",
    [current],
  );
  for (const { datname } of stale.rows) {
    if (!/^casa_tpl_[0-9a-f]{12}$/.test(datname)) continue;
    await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
  }
}

async function createPgTestDb(): Promise<TestDb> {
  pgTemplate ??= buildPgTemplate();
  let template = await pgTemplate;
  const database = `casa_t_${randomBytes(8).toString('hex')}`;
  await withAdmin(async (admin) => {
    // A clone fails while another session is connected to the template; nobody should be, but retry briefly.
    // Another checkout with other migrations may have dropped ours as stale: build it again.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${database} TEMPLATE ${template}`);
        return;
      } catch (err) {
        const missing = String(err).includes('does not exist');
        if (attempt >= 20 || !(missing || String(err).includes('being accessed by other users'))) throw err;
        if (missing) template = await (pgTemplate = buildPgTemplate());
        await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
      }
    }
  });
  const config: DbConfig = { client: 'pg', connectionString: pgUrlFor(database) };
  const knex = createKnex(config);
  return {
    knex,
    config,
    async destroy() {
      await knex.destroy();
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    },
  };
}
