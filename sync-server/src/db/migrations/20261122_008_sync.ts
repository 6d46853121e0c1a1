import type { Knex } from 'knex';
import { createdUpdated, jsonColumn, nowDefault, tsColumn } from './columns';

export const name = '20261122_008_sync';

/** Replicated tables paged by (organization_id, id) in a sync snapshot; clients has its index (007). */
const SNAPSHOT_TABLES = [
  'tags',
  'client_tags',
  'follow_ups',
  'client_interactions',
  'cold_call_campaigns',
  'campaign_clients',
  'cold_calls',
  'notifications',
] as const;

/**
 * The push side of the sync engine (docs/sync.md): one row per device (`sync_clients`, its last
 * processed mutationId) and the recorded outcome of each processed mutation, answered again on replay.
 * Plus the keyset indexes a snapshot pull pages with.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sync_clients', (t) => {
    t.uuid('client_id').primary();
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
    t.bigInteger('last_mutation_id').notNullable().defaultTo(0);
    createdUpdated(knex, t);
    t.index(['user_id']);
  });

  await knex.schema.createTable('sync_mutation_results', (t) => {
    t.uuid('client_id').notNullable().references('client_id').inTable('sync_clients').onDelete('CASCADE');
    t.bigInteger('mutation_id').notNullable();
    t.string('status', 10).notNullable();
    jsonColumn(t, 'result');
    jsonColumn(t, 'error');
    tsColumn(t, 'created_at').notNullable().defaultTo(nowDefault(knex));
    t.primary(['client_id', 'mutation_id']);
  });

  for (const table of SNAPSHOT_TABLES) {
    await knex.raw(
      `CREATE INDEX ${table}_live_id_index ON ${table} (organization_id, id) WHERE deleted_at IS NULL`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of SNAPSHOT_TABLES) await knex.raw(`DROP INDEX IF EXISTS ${table}_live_id_index`);
  await knex.schema.dropTable('sync_mutation_results');
  await knex.schema.dropTable('sync_clients');
}
