import type { Knex } from 'knex';
import * as accounts from './20261122_001_accounts';
import * as business from './20261122_002_business';

export type Migration = {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
};

/** Every migration, in order. Add new ones at the end; never edit one that has shipped. */
export const migrations: readonly Migration[] = [accounts, business];

/** Static source: no file-system scanning, so it works under tsx, Vitest and bundlers alike. */
export const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: async () => [...migrations],
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration,
};
