import type { Knex } from 'knex';

export const name = '20261123_010_signup_owner';

/**
 * organizations.signup_user_id: the user whose public sign-up (POST /api/auth/register) created the
 * organization; null for organizations the super admin or the seed created. Only that user may finish
 * (or resume) the sign-up's steps 2 and 3 on it, never someone who later joined it. No foreign key
 * (users already reference organizations); a deleted user simply matches nobody.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('organizations', (t) => {
    t.uuid('signup_user_id').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('organizations', (t) => {
    t.dropColumn('signup_user_id');
  });
}
