import type { Knex } from 'knex';

export const name = '20261122_006_live_link_unique';

/**
 * Link tables are soft-deleted (tombstones for sync), so a pair removed earlier must be insertable
 * again as a new row: their uniqueness now holds among live rows only (a partial unique index, the
 * same syntax on SQLite and Postgres, as for tags' names).
 */
const LINKS = [
  { table: 'client_tags', columns: ['client_id', 'tag_id'] },
  { table: 'campaign_clients', columns: ['campaign_id', 'client_id'] },
] as const;

export async function up(knex: Knex): Promise<void> {
  for (const { table, columns } of LINKS) {
    await knex.schema.alterTable(table, (t) => {
      t.dropUnique([...columns]);
    });
    await knex.raw(
      `CREATE UNIQUE INDEX ${table}_live_unique ON ${table} (${columns.join(', ')}) WHERE deleted_at IS NULL`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const { table, columns } of LINKS) {
    await knex.raw(`DROP INDEX IF EXISTS ${table}_live_unique`);
    await knex.schema.alterTable(table, (t) => {
      t.unique([...columns]);
    });
  }
}
