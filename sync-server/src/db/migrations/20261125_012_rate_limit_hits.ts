import type { Knex } from 'knex';
import { tsColumn } from './columns';

export const name = '20261125_012_rate_limit_hits';

/**
 * rate_limit_hits: one row per counted request of a limited kind (`bucket`: login failures per address,
 * sign-ups per address) and `key` (the address), in the database so that every process shares the count
 * (features/accounts/attempt-slots.ts). Rows older than the window are trimmed as new ones come.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limit_hits', (t) => {
    t.increments('id');
    t.string('bucket', 32).notNullable();
    t.string('key', 320).notNullable();
    tsColumn(t, 'created_at').notNullable();
    t.index(['bucket', 'key', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rate_limit_hits');
}
