import { uuidSchema, type Property } from '@casa/shared-schema';
import type { Row } from '@casa/shared-schema/mutators';
import { dialectOf } from '../../db/knex';
import type { DomainCtx } from '../../http/context';
import { enqueuePropertyMatch, priceOpensMatches } from '../property-matches/property-match-jobs.service';
import { runMutator } from '../sync/mutators.service';
import { toProperty } from './properties.views';

/**
 * POST /api/properties and 'createProperty': the shared mutator (shared-schema/src/mutators/properties.ts)
 * over the organization scope. Replay-safe by id; without a reference the server's CASA-number is the one
 * that stays (docs/decisions.md).
 */
export async function createProperty(ctx: DomainCtx, args: unknown): Promise<Property> {
  const givenId = uuidSchema.safeParse((args as { id?: unknown } | null)?.id);
  let replay = false;
  return runMutator<Row, Property>(
    ctx,
    'createProperty',
    args,
    async ({ value, store, tx }) => {
      // A new property (not a replayed create) is looked at for buyers by the scheduler.
      if (!replay) await enqueuePropertyMatch(tx, tx.auth.organizationId!, value.id as string, 'created');
      return toProperty(store.dbRow('properties', value.id));
    },
    {
      // Server-only: the next CASA-number is "highest + 1", so on Postgres two creates of one organization
      // take it one after the other (SQLite serialises writers); otherwise the second would hit the unique
      // reference and a device's queued create would be refused instead of numbered.
      before: async (tx, scope) => {
        if (dialectOf(tx.db) === 'pg') {
          await tx.db.raw('select pg_advisory_xact_lock(hashtext(?))', [
            `property-reference:${scope.organizationId}`,
          ]);
        }
        replay = givenId.success && (await scope.find('properties', givenId.data)) !== undefined;
      },
    },
  );
}

/** PUT /api/properties/{id} and 'updateProperty' (args {id, ...patch}): only the fields sent change. */
export async function updateProperty(ctx: DomainCtx, args: unknown): Promise<Property> {
  const id = uuidSchema.safeParse((args as { id?: unknown } | null)?.id);
  let priceBefore: number | null | undefined;
  return runMutator<Row, Property>(
    ctx,
    'updateProperty',
    args,
    async ({ value, store, tx }) => {
      // A lower price (or a first one) may reach buyers it did not: the scheduler looks again.
      if (priceOpensMatches(priceBefore, value.priceCents as number | null)) {
        await enqueuePropertyMatch(tx, tx.auth.organizationId!, value.id as string, 'price_drop');
      }
      return toProperty(store.dbRow('properties', value.id));
    },
    {
      before: async (_tx, scope) => {
        if (!id.success) return;
        const row = await scope.find('properties', id.data);
        // undefined: not found, the mutator answers 404; a stored price is bigint text on pg int8.
        priceBefore = row ? (row.price_cents === null ? null : Number(row.price_cents)) : undefined;
      },
    },
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
