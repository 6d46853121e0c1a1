import type { Knex } from 'knex';
import { nowDefault, tsColumn } from './columns';

export const name = '20261122_003_change_log';

/**
 * The per-organization change log read by the sync engine's delta pull (docs/sync.md).
 * `organizations.change_seq` is the last seq handed out; writers bump it inside their transaction.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('organizations', (t) => {
    t.bigInteger('change_seq').notNullable().defaultTo(0);
  });

  await knex.schema.createTable('sync_changes', (t) => {
    t.uuid('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
    t.bigInteger('seq').notNullable();
    t.string('table_name', 40).notNullable();
    t.uuid('row_id').notNullable();
    t.string('op', 10).notNullable();
    // Set for rows only one user may see (notifications); no foreign key: the log outlives the user's rows.
    t.uuid('user_id').nullable();
    tsColumn(t, 'changed_at').notNullable().defaultTo(nowDefault(knex));
    // The primary key is the pull index: WHERE organization_id = ? AND seq > ? ORDER BY seq.
    t.primary(['organization_id', 'seq']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sync_changes');
  await knex.schema.alterTable('organizations', (t) => {
    t.dropColumn('change_seq');
  });
}
