import type { Knex } from 'knex';
import { tsColumn, updatedOnly } from './columns';

export const name = '20261122_004_server_settings';

/**
 * server_settings: process-wide key/value settings shared by every server process (the VAPID keys).
 * scheduler_claims: one row per reminder already handled ('birthday:<user>:<day>', 'overdue:<follow-up>',
 * 'new_client:<client>'); the primary key makes the claim atomic across processes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('server_settings', (t) => {
    t.string('key', 100).primary();
    t.text('value').notNullable();
    updatedOnly(knex, t);
  });
  await knex.schema.createTable('scheduler_claims', (t) => {
    t.string('key', 200).primary();
    tsColumn(t, 'claimed_at').notNullable();
    t.index(['claimed_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('scheduler_claims');
  await knex.schema.dropTableIfExists('server_settings');
}
