import type { Knex } from 'knex';

export const name = '20261125_011_session_generation';

/**
 * users.session_generation: every session records the generation it was opened in, and a session of an
 * older generation is refused on its next request (http/context.ts). Changing or resetting a password
 * bumps it, which ends every other session of that user at once, on every process, even one whose
 * rolling write would otherwise put its sessions row back (issue 17).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.integer('session_generation').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('session_generation');
  });
}
