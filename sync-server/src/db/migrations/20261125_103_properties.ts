import type { Knex } from 'knex';
import { jsonColumn, syncableColumns, userRef, uuidPk } from './columns';

export const name = '20261125_103_properties';

/**
 * Properties (Imóveis), a replicated organization table (docs/data-model.md "properties"). Money in
 * integer cents (bigint: a € 25 000 000 quinta does not fit an int4 of cents); areas and the commission
 * as double precision (plain JS numbers on both drivers). search_text is server-only (the list's search).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('properties', (t) => {
    uuidPk(t);
    syncableColumns(knex, t);
    t.string('reference', 30).notNullable();
    t.string('title', 200).notNullable();
    t.string('business', 20).notNullable();
    t.string('property_type', 30).notNullable();
    t.string('typology', 10).nullable();
    t.integer('bedrooms').nullable();
    t.integer('bathrooms').nullable();
    t.double('usable_area').nullable();
    t.double('gross_area').nullable();
    t.double('land_area').nullable();
    t.bigInteger('price_cents').nullable();
    t.string('condition', 30).nullable();
    t.string('energy_class', 10).nullable();
    t.integer('year_built').nullable();
    jsonColumn(t, 'features', []);
    t.string('distrito', 60).nullable();
    t.string('concelho', 60).nullable();
    t.string('freguesia', 100).nullable();
    t.string('street', 200).nullable();
    t.string('postal_code', 8).nullable();
    t.string('status', 30).notNullable();
    t.uuid('owner_client_id').nullable().references('id').inTable('clients').onDelete('SET NULL');
    userRef(t, 'agent_id');
    t.boolean('mediation_exclusive').notNullable().defaultTo(false);
    t.string('mediation_start', 10).nullable();
    t.string('mediation_end', 10).nullable();
    t.double('commission_percent').nullable();
    t.text('notes').nullable();
    userRef(t, 'created_by');
    t.text('search_text').notNullable().defaultTo('');
    t.index(['owner_client_id']);
    t.index(['agent_id']);
  });
  // Partial indexes, same syntax on SQLite and Postgres: a reference is unique among live properties
  // (a deleted property frees it); the list's status filter and keyset order; snapshot paging by id.
  await knex.raw(
    'CREATE UNIQUE INDEX properties_live_reference_unique ON properties (organization_id, upper(reference)) WHERE deleted_at IS NULL',
  );
  await knex.raw(
    'CREATE INDEX properties_live_status_index ON properties (organization_id, status, created_at) WHERE deleted_at IS NULL',
  );
  await knex.raw(
    'CREATE INDEX properties_live_created_index ON properties (organization_id, created_at, id) WHERE deleted_at IS NULL',
  );
  await knex.raw(
    'CREATE INDEX properties_live_id_index ON properties (organization_id, id) WHERE deleted_at IS NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('properties');
}
