import type { Knex } from 'knex';
import { createdUpdated, tsColumn, userRef, uuidPk } from './columns';

export const name = '20261127_113_property_sheet_links';

/**
 * Share links of a property sheet ('Ficha do imóvel', issue 20; docs/data-model.md). The public URL carries
 * a random token (256 bits); only its SHA-256 is stored, so a leaked database or backup opens no sheet.
 * Revoking sets revoked_at (the list keeps who made it and when); a deleted property ends its links because
 * the public page reads only live properties; a property removed for good takes its links with it (cascade).
 * Not replicated: links are made and listed online only.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('property_sheet_links', (t) => {
    uuidPk(t);
    t.uuid('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
    t.uuid('property_id').notNullable().references('id').inTable('properties').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    userRef(t, 'created_by');
    createdUpdated(knex, t);
    tsColumn(t, 'revoked_at').nullable();
    t.index(['organization_id', 'property_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('property_sheet_links');
}
