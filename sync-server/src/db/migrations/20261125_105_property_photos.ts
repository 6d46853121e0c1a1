import type { Knex } from 'knex';
import { createdUpdated, syncableColumns, userRef, uuidPk } from './columns';

export const name = '20261125_105_property_photos';

/**
 * Property photos (issue 20, docs/data-model.md). Two tables:
 * - property_photos: the replicated metadata (collection `propertyPhotos`): order, cover, sizes. Its id is
 *   the device's, so a retried upload finds the photo it already made.
 * - property_photo_files: the bytes (display JPEG and thumbnail WebP), one row per photo, written once and
 *   never updated. Apart so that a reorder or a cover change (scope updates return the whole row) and the
 *   sync reads never drag the bytes along. In the database, not on a disk: several server processes behind
 *   HAProxy share only PostgreSQL (docs/decisions.md).
 * property_id has no foreign key yet: the properties table is created by its own migration on another
 * branch; a later migration adds `references properties(id) on delete cascade` once both are in.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('property_photos', (t) => {
    uuidPk(t);
    syncableColumns(knex, t);
    t.uuid('property_id').notNullable();
    t.integer('position').notNullable();
    t.boolean('is_cover').notNullable().defaultTo(false);
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.integer('display_bytes').notNullable();
    t.integer('thumb_bytes').notNullable();
    userRef(t, 'created_by');
    t.index(['property_id', 'position']);
  });
  await knex.raw(
    'CREATE INDEX property_photos_live_org_id ON property_photos (organization_id, id) WHERE deleted_at IS NULL',
  );

  await knex.schema.createTable('property_photo_files', (t) => {
    t.uuid('id').primary().references('id').inTable('property_photos').onDelete('CASCADE');
    t.uuid('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
    t.string('display_mime', 50).notNullable();
    t.binary('display').notNullable();
    t.string('thumb_mime', 50).notNullable();
    t.binary('thumb').notNullable();
    createdUpdated(knex, t);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('property_photo_files');
  await knex.schema.dropTableIfExists('property_photos');
}
