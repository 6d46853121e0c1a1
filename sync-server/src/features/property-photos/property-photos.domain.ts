import {
  ErrorCode,
  errorMessages,
  PROPERTY_PHOTOS_MAX,
  propertyPhotoSchema,
  uuidSchema,
  type PropertyPhoto,
  type PropertyPhotoVariant,
} from '@casa/shared-schema';
import { dialectOf } from '../../db/knex';
import { insertPropertyPhotos } from '../../db/property-photo-rows';
import { fromDbRow } from '../../db/rows';
import { forOrganization, type OrganizationScope } from '../../db/scope';
import { inTransaction, type TxCtx } from '../../db/transaction';
import { runMutator } from '../sync/mutators.service';
import { actedAt, type DomainCtx } from '../../http/context';
import { AppError, conflict, notFound, validationError } from '../../http/errors';
import { idOf } from '../../http/path-id';
import { renderPropertyPhoto } from '../../lib/images/property-photo';
import { assertPropertyExists } from '../properties/properties.views';

type Row = Record<string, unknown>;

const toPhoto = (row: Row): PropertyPhoto => propertyPhotoSchema.parse(fromDbRow('property_photos', row));
const limitReached = () => new AppError(ErrorCode.LIMIT_REACHED, errorMessages.propertyPhotosLimit);

/** The live photos of a property, in gallery order. */
async function livePhotos(scope: OrganizationScope, propertyId: string): Promise<Row[]> {
  return (await scope
    .table('property_photos')
    .where('property_photos.property_id', propertyId)
    .orderBy([{ column: 'property_photos.position' }, { column: 'property_photos.created_at' }])) as Row[];
}

/**
 * The photo with this id in the organization, deleted or not: a replayed upload of a photo deleted since
 * answers that photo (it was applied once), never a second one.
 */
async function anyPhoto(ctx: DomainCtx, id: string): Promise<Row | undefined> {
  return (await ctx.db('property_photos').where({ id, organization_id: ctx.auth.organizationId }).first()) as
    Row | undefined;
}

/** GET /api/properties/{propertyId}/photos. */
export async function listPropertyPhotos(ctx: DomainCtx, propertyIdArg: unknown): Promise<PropertyPhoto[]> {
  const propertyId = idOf(propertyIdArg, errorMessages.propertyPhotoPropertyNotFound);
  await assertPropertyExists(ctx, propertyId);
  return (await livePhotos(forOrganization(ctx.db, ctx.auth), propertyId)).map(toPhoto);
}

/** Several uploads to one property at once (two devices, or processes): one at a time past the count. */
async function lockProperty(tx: TxCtx, propertyId: string): Promise<void> {
  // SQLite has one writer at a time already; Postgres serialises this property's uploads here.
  if (dialectOf(tx.db) === 'pg')
    await tx.db.raw('select pg_advisory_xact_lock(hashtext(?))', [`property-photos:${propertyId}`]);
}

function replayOf(existing: Row, propertyId: string): { photo: PropertyPhoto; created: false } {
  // Another property's photo with this id: the device made an id it already used elsewhere.
  if (existing.property_id !== propertyId) throw conflict(errorMessages.propertyPhotoIdTaken);
  return { photo: toPhoto(existing), created: false };
}

/**
 * POST /api/properties/{propertyId}/photos. The photo's id comes from the device: an upload sent again (its
 * answer was lost) answers the photo it made, 200, and makes nothing: applied exactly once. A new photo goes
 * last in the gallery, and is the cover when it is the first. At most PROPERTY_PHOTOS_MAX live photos (409).
 * The image is checked and resized before the transaction (CPU work holds no lock).
 */
export async function uploadPropertyPhoto(
  ctx: DomainCtx,
  args: { propertyId: unknown; photoId: unknown; file: Buffer },
): Promise<{ photo: PropertyPhoto; created: boolean }> {
  const propertyId = idOf(args.propertyId, errorMessages.propertyPhotoPropertyNotFound);
  const photoId = uuidSchema.safeParse(args.photoId);
  if (!photoId.success)
    throw validationError(errorMessages.invalidInputData, { id: photoId.error.issues[0]!.message });
  // A replay first: the photo was made, whatever became of its property since.
  const before = await anyPhoto(ctx, photoId.data);
  if (before) return replayOf(before, propertyId);
  await assertPropertyExists(ctx, propertyId);
  if ((await livePhotos(forOrganization(ctx.db, ctx.auth), propertyId)).length >= PROPERTY_PHOTOS_MAX)
    throw limitReached();

  const { display, thumb } = await renderPropertyPhoto(args.file);
  return inTransaction(ctx, async (tx) => {
    await lockProperty(tx, propertyId);
    const raced = await anyPhoto(tx, photoId.data);
    if (raced) return replayOf(raced, propertyId);
    const scope = forOrganization(tx.db, tx.auth);
    const live = await livePhotos(scope, propertyId);
    if (live.length >= PROPERTY_PHOTOS_MAX) throw limitReached();
    const [row] = await insertPropertyPhotos(
      scope,
      [
        {
          id: photoId.data,
          propertyId,
          position: live.reduce((max, p) => Math.max(max, Number(p.position) + 1), 0),
          isCover: live.length === 0,
          renditions: { display, thumb },
          createdBy: tx.auth.userId,
          // When the photo was taken (kept on the device while offline), not when it arrived.
          takenAt: actedAt(tx),
        },
      ],
      tx.now,
    );
    return { photo: toPhoto(row!), created: true };
  });
}

/**
 * The gallery's writes run the shared mutators (shared-schema/src/mutators/property-photos.ts), as a
 * device's queued ones do through the sync push, one at a time per property on Postgres (as uploads).
 */
function photoWrite(
  name: 'reorderPropertyPhotos' | 'setPropertyPhotoCover' | 'deletePropertyPhoto',
  answer: (run: { tx: TxCtx; propertyId: string; args: Row }) => Promise<void> = async () => undefined,
) {
  return async (ctx: DomainCtx, args: unknown): Promise<PropertyPhoto[]> => {
    const raw = (typeof args === 'object' && args !== null ? args : {}) as Row;
    const id = uuidSchema.safeParse(raw.propertyId);
    return runMutator(
      ctx,
      name,
      args,
      async ({ tx }) => {
        await answer({ tx, propertyId: id.data!, args: raw });
        return (await livePhotos(forOrganization(tx.db, tx.auth), id.data!)).map(toPhoto);
      },
      { before: async (tx) => (id.success ? lockProperty(tx, id.data) : undefined) },
    );
  };
}

/** PUT /api/properties/{propertyId}/photos/order and 'reorderPropertyPhotos' (args {propertyId, photoIds}). */
export const reorderPropertyPhotos = photoWrite('reorderPropertyPhotos');

/** PUT /api/properties/{propertyId}/photos/{photoId}/cover and 'setPropertyPhotoCover': it goes first. */
export const setPropertyPhotoCover = photoWrite('setPropertyPhotoCover');

/**
 * DELETE /api/properties/{propertyId}/photos/{photoId} and 'deletePropertyPhoto': the row becomes a
 * tombstone (devices drop it); server-only, in the same transaction, its bytes go at once.
 */
export const deletePropertyPhoto = photoWrite('deletePropertyPhoto', async ({ tx, args }) => {
  await forOrganization(tx.db, tx.auth)
    .table('property_photo_files')
    .where('property_photo_files.id', String(args.photoId))
    .delete();
});

async function inProperty(ctx: DomainCtx, propertyIdArg: unknown, photoIdArg: unknown) {
  const propertyId = idOf(propertyIdArg, errorMessages.propertyPhotoPropertyNotFound);
  const photoId = idOf(photoIdArg, errorMessages.propertyPhotoNotFound);
  await assertPropertyExists(ctx, propertyId);
  return { propertyId, photoId };
}

/** GET …/photos/{photoId}/display|thumb: the bytes of a live photo of the property. */
export async function readPropertyPhotoFile(
  ctx: DomainCtx,
  propertyIdArg: unknown,
  photoIdArg: unknown,
  variant: PropertyPhotoVariant,
): Promise<{ data: Buffer; mime: string }> {
  const { propertyId, photoId } = await inProperty(ctx, propertyIdArg, photoIdArg);
  const row = (await forOrganization(ctx.db, ctx.auth)
    .table('property_photo_files')
    .join('property_photos', 'property_photos.id', 'property_photo_files.id')
    .where('property_photo_files.id', photoId)
    .where('property_photos.property_id', propertyId)
    .whereNull('property_photos.deleted_at')
    .first(`property_photo_files.${variant} as data`, `property_photo_files.${variant}_mime as mime`)) as
    { data: Buffer; mime: string } | undefined;
  if (!row) throw notFound(errorMessages.propertyPhotoNotFound);
  return { data: Buffer.from(row.data), mime: row.mime };
}
