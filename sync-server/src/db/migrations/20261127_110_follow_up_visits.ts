import type { Knex } from 'knex';
import { dialectOf } from '../knex';

export const name = '20261127_110_follow_up_visits';

/**
 * Visits (issue 20): a follow-up of type Visita names the property visited (`property_id`, set null when
 * the property row goes) and keeps the buyer's feedback (interest 1–5, price opinion, comments).
 * On SQLite the column is added with a plain ALTER TABLE … REFERENCES (allowed for a nullable column
 * without default), so the table is not rebuilt as Knex would do for a foreign key.
 */
export async function up(knex: Knex): Promise<void> {
  if (dialectOf(knex) === 'pg') {
    await knex.schema.alterTable('follow_ups', (t) => {
      t.uuid('property_id').nullable().references('id').inTable('properties').onDelete('SET NULL');
    });
  } else {
    await knex.raw(
      'ALTER TABLE follow_ups ADD COLUMN property_id char(36) NULL REFERENCES properties(id) ON DELETE SET NULL',
    );
  }
  await knex.schema.alterTable('follow_ups', (t) => {
    t.integer('visit_interest').nullable();
    t.string('visit_price_opinion', 30).nullable();
    t.text('visit_feedback').nullable();
    t.index(['property_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('follow_ups', (t) => {
    t.dropIndex(['property_id']);
  });
  if (dialectOf(knex) === 'pg') {
    await knex.schema.alterTable('follow_ups', (t) => {
      t.dropForeign(['property_id']);
    });
  }
  await knex.schema.alterTable('follow_ups', (t) => {
    t.dropColumn('visit_feedback');
    t.dropColumn('visit_price_opinion');
    t.dropColumn('visit_interest');
    t.dropColumn('property_id');
  });
}
