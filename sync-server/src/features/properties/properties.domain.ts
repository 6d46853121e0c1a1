import { uuidSchema, type Property } from '@casa/shared-schema';
import type { Row } from '@casa/shared-schema/mutators';
import { dialectOf } from '../../db/knex';
import type { DomainCtx } from '../../http/context';
import { runMutator } from '../sync/mutators.service';
import { toProperty } from './properties.views';

/**
 * POST /api/properties and 'createProperty': the shared mutator (shared-schema/src/mutators/properties.ts)
 * over the organization scope. Replay-safe by id; without a reference the server's CASA-number is the one
 * that stays (docs/decisions.md).
 */
export async function createProperty(ctx: DomainCtx, args: unknown): Promise<Property> {
  return runMutator<Row, Property>(
    ctx,
    'createProperty',
    args,
    ({ value, store }) => toProperty(store.dbRow('properties', value.id)),
    {
      // Server-only: the next CASA-number is "highest + 1", so on Postgres two creates of one organization
      // take it one after the other (SQLite serialises writers); otherwise the second would hit the unique
      // reference and a device's queued create would be refused instead of numbered.
      before: async (tx, scope) => {
        if (dialectOf(tx.db) !== 'pg') return;
        await tx.db.raw('select pg_advisory_xact_lock(hashtext(?))', [
          `property-reference:${scope.organizationId}`,
        ]);
      },
    },
  );
}

/** PUT /api/properties/{id} and 'updateProperty' (args {id, ...patch}): only the fields sent change. */
export async function updateProperty(ctx: DomainCtx, args: unknown): Promise<Property> {
  return runMutator<Row, Property>(ctx, 'updateProperty', args, ({ value, store }) =>
    toProperty(store.dbRow('properties', value.id)),
  );
}

/** DELETE /api/properties/{id} and 'deleteProperty': a soft delete (its reference becomes free). */
export async function deleteProperty(ctx: DomainCtx, args: unknown): Promise<void> {
  const id = uuidSchema.safeParse((args as { id?: unknown } | null)?.id);
  await runMutator(ctx, 'deleteProperty', args, () => undefined, {
    // Server-only, in the same transaction (undone with it when the mutator refuses): the bytes of the
    // photos the mutator removes with the property (never replicated, never served again).
    before: async (_tx, scope) => {
      if (!id.success) return;
      const photoIds = scope
        .table('property_photos')
        .where('property_photos.property_id', id.data)
        .select('property_photos.id');
      await scope.table('property_photo_files').whereIn('property_photo_files.id', photoIds).delete();
    },
  });
}
