import {
  ErrorCode,
  errorMessages,
  PROPERTY_PHOTOS_MAX,
  propertyPhotoOrderSchema,
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
import { actedAt, type DomainCtx } from '../../http/context';
import { AppError, conflict, notFound, validationError } from '../../http/errors';
import { renderPropertyPhoto } from '../../lib/images/property-photo';
import { assertPropertyExists } from './property-ref';

type Row = Record<string, unknown>;

const toPhoto = (row: Row): PropertyPhoto => propertyPhotoSchema.parse(fromDbRow('property_photos', row));
const limitReached = () => new AppError(ErrorCode.LIMIT_REACHED, errorMessages.propertyPhotosLimit);

function idOf(value: unknown, message: string): string {
  const id = uuidSchema.safeParse(value);
  if (!id.success) throw notFound(message);
  return id.data;
}

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

/** Positions 0…n-1 in the given order, and one cover (the given one, else the current, else the first). */
async function settle(tx: TxCtx, scope: OrganizationScope, ordered: Row[], cover?: string): Promise<void> {
  const wanted = cover ?? String(ordered.find((p) => Boolean(p.is_cover))?.id ?? ordered[0]?.id ?? '');
  for (const [position, photo] of ordered.entries()) {
    const isCover = photo.id === wanted;
    if (Number(photo.position) !== position || Boolean(photo.is_cover) !== isCover)
      await scope.update('property_photos', String(photo.id), { position, is_cover: isCover }, tx.now);
  }
}

async function inProperty(ctx: DomainCtx, propertyIdArg: unknown, photoIdArg: unknown) {
  const propertyId = idOf(propertyIdArg, errorMessages.propertyPhotoPropertyNotFound);
  const photoId = idOf(photoIdArg, errorMessages.propertyPhotoNotFound);
  await assertPropertyExists(ctx, propertyId);
  return { propertyId, photoId };
}

/** PUT /api/properties/{propertyId}/photos/order: every live photo once, in the new order. */
export async function reorderPropertyPhotos(
  ctx: DomainCtx,
  propertyIdArg: unknown,
  body: unknown,
): Promise<PropertyPhoto[]> {
  const propertyId = idOf(propertyIdArg, errorMessages.propertyPhotoPropertyNotFound);
  const { photoIds } = propertyPhotoOrderSchema.parse(body);
  await assertPropertyExists(ctx, propertyId);
  return inTransaction(ctx, async (tx) => {
    const scope = forOrganization(tx.db, tx.auth);
    const live = new Map((await livePhotos(scope, propertyId)).map((p) => [String(p.id), p]));
    const same = photoIds.length === live.size && new Set(photoIds).size === live.size;
    if (!same || photoIds.some((id) => !live.has(id)))
      throw validationError(errorMessages.propertyPhotoReorderMismatch, {
        photoIds: errorMessages.propertyPhotoReorderMismatch,
      });
    await settle(
      tx,
      scope,
      photoIds.map((id) => live.get(id)!),
    );
    return (await livePhotos(scope, propertyId)).map(toPhoto);
  });
}

/** PUT /api/properties/{propertyId}/photos/{photoId}/cover: this photo becomes the one cover. */
export async function setPropertyPhotoCover(
  ctx: DomainCtx,
  propertyIdArg: unknown,
  photoIdArg: unknown,
): Promise<PropertyPhoto[]> {
  const { propertyId, photoId } = await inProperty(ctx, propertyIdArg, photoIdArg);
  return inTransaction(ctx, async (tx) => {
    const scope = forOrganization(tx.db, tx.auth);
    const live = await livePhotos(scope, propertyId);
    if (!live.some((p) => p.id === photoId)) throw notFound(errorMessages.propertyPhotoNotFound);
    await settle(tx, scope, live, photoId);
    return (await livePhotos(scope, propertyId)).map(toPhoto);
  });
}

/**
 * DELETE /api/properties/{propertyId}/photos/{photoId}: the row becomes a tombstone (devices drop it), the
 * bytes go at once; the others close ranks and, when it was the cover, the first one becomes the cover.
 */
export async function deletePropertyPhoto(
  ctx: DomainCtx,
  propertyIdArg: unknown,
  photoIdArg: unknown,
): Promise<void> {
  const { propertyId, photoId } = await inProperty(ctx, propertyIdArg, photoIdArg);
  await inTransaction(ctx, async (tx) => {
    const scope = forOrganization(tx.db, tx.auth);
    const live = await livePhotos(scope, propertyId);
    if (!live.some((p) => p.id === photoId)) throw notFound(errorMessages.propertyPhotoNotFound);
    await scope.softDelete('property_photos', photoId, tx.now);
    await scope.table('property_photo_files').where('property_photo_files.id', photoId).delete();
    await settle(
      tx,
      scope,
      live.filter((p) => p.id !== photoId),
    );
  });
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
