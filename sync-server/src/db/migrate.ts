import type { Knex } from 'knex';
import { dialectOf } from './knex';
import { migrationSource } from './migrations/index';

async function ensureSchema(knex: Knex): Promise<void> {
  const searchPath = knex.client.config.searchPath as string[] | string | undefined;
  const schema = Array.isArray(searchPath) ? searchPath[0] : searchPath;
  if (dialectOf(knex) === 'pg' && schema && schema !== 'public') {
    await knex.raw('CREATE SCHEMA IF NOT EXISTS ??', [schema]);
  }
}

/** Applies every pending migration; returns the names applied. */
export async function migrateLatest(knex: Knex): Promise<string[]> {
  await ensureSchema(knex);
  const [, applied] = (await knex.migrate.latest({ migrationSource })) as [number, string[]];
  return applied;
}

/** Rolls back every applied migration; returns the names rolled back. */
export async function rollbackAll(knex: Knex): Promise<string[]> {
  const [, rolledBack] = (await knex.migrate.rollback({ migrationSource }, true)) as [number, string[]];
  return rolledBack;
}
