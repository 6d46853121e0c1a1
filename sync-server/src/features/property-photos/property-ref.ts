import type { Knex } from 'knex';
import { errorMessages } from '@casa/shared-schema';
import { forOrganization, type OrganizationTable } from '../../db/scope';
import type { DomainCtx } from '../../http/context';
import { notFound } from '../../http/errors';

const hasPropertiesTable = new WeakMap<Knex, Promise<boolean>>();

/**
 * 404 unless `propertyId` is a live property of the caller's organization.
 *
 * CONNECT (issue 20): the properties entity is built on another branch. Once it is merged, this whole body
 * is `await forOrganization(ctx.db, ctx.auth).get('properties', propertyId)` with
 * `errorMessages.propertyPhotoPropertyNotFound` (and the cast and the table probe go). Until then a database
 * without a `properties` table takes any id as a property of the organization: the photos are scoped by
 * organization anyway, so no other organization's rows are reachable. The route tests create a minimal
 * `properties` table to check the 404.
 */
export async function assertPropertyExists(ctx: DomainCtx, propertyId: string): Promise<void> {
  let probe = hasPropertiesTable.get(ctx.db);
  if (!probe) {
    probe = ctx.db.schema.hasTable('properties');
    hasPropertiesTable.set(ctx.db, probe);
  }
  if (!(await probe)) return;
  const found = (await forOrganization(ctx.db, ctx.auth)
    .table('properties' as OrganizationTable)
    .where('properties.id', propertyId)
    .whereNull('properties.deleted_at')
    .first('properties.id')) as unknown;
  if (!found) throw notFound(errorMessages.propertyPhotoPropertyNotFound);
}
