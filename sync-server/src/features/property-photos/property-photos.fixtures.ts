import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Test-only stand-in for the properties table, which is built on another branch (issue 20): a minimal
 * table (id, organization_id, deleted_at) when the database has none, so that property-ref.ts checks a
 * property id as it will with the real one. Once the properties migration is merged this creates nothing
 * and `insertProperty` writes a row of the real table (CONNECT: use its factory then).
 */
export async function ensurePropertiesTable(knex: Knex): Promise<void> {
  if (await knex.schema.hasTable('properties')) return;
  await knex.schema.createTable('properties', (t) => {
    t.uuid('id').primary();
    t.uuid('organization_id').notNullable();
    t.string('created_at', 40).nullable();
    t.string('updated_at', 40).nullable();
    t.string('deleted_at', 40).nullable();
  });
}

export async function insertProperty(knex: Knex, organizationId: string): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await knex('properties').insert({ id, organization_id: organizationId, created_at: now, updated_at: now });
  return id;
}
