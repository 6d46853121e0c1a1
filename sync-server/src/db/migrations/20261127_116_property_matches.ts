import type { Knex } from 'knex';
import { tsColumn } from './columns';

export const name = '20261127_116_property_matches';

/**
 * Match notifications of properties (issue 20, docs/data-model.md):
 * - notification_preferences.property_matches: the agent's switch for 'property_match' (on by default).
 * - property_match_jobs: a property created, or its price lowered, waiting for the scheduler. The scheduler
 *   claims a job in scheduler_claims ('property_match:<job id>', as every reminder) and deletes it in the
 *   same transaction. Server bookkeeping: not replicated.
 * - property_match_notified: the (property, buyer) pairs already told to an agent, so a later price drop
 *   only tells the new ones.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notification_preferences', (t) => {
    t.boolean('property_matches').notNullable().defaultTo(true);
  });
  await knex.schema.createTable('property_match_jobs', (t) => {
    t.uuid('id').primary();
    t.uuid('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
    t.uuid('property_id').notNullable();
    t.string('reason', 20).notNullable();
    tsColumn(t, 'created_at').notNullable();
    t.index(['created_at']);
  });
  await knex.schema.createTable('property_match_notified', (t) => {
    t.uuid('property_id').notNullable();
    t.uuid('client_id').notNullable();
    t.uuid('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
    tsColumn(t, 'created_at').notNullable();
    t.primary(['property_id', 'client_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('property_match_notified');
  await knex.schema.dropTableIfExists('property_match_jobs');
  await knex.schema.alterTable('notification_preferences', (t) => {
    t.dropColumn('property_matches');
  });
}
