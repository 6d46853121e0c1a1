import { errorMessages, propertyPhotoRefSchema, reorderPropertyPhotosArgsSchema } from '../index';
import {
  argsRecord,
  assertCanWrite,
  isUuid,
  notFound,
  parseArgs,
  requireRow,
  update,
  type ApplyCtx,
  type Row,
} from './core';

/**
 * The gallery's writes (docs/product.md#property-detail), offline like every other: the photo rows are
 * replicated, so the device reorders, picks the cover and deletes on its replica and the server does the
 * same on its own (features/property-photos/property-photos.domain.ts adds the bytes' removal). Uploads are
 * not mutations: a photo's bytes travel by multipart (web/src/data/photo-outbox.ts), and a photo still on
 * the device is not in this table yet.
 */

/** The property's live photos in gallery order (position, then upload time). */
async function livePhotos(ctx: ApplyCtx, propertyId: string): Promise<Row[]> {
  const rows = await ctx.store.where('propertyPhotos', 'propertyId', propertyId);
  const byOrder = (a: Row, b: Row) =>
    Number(a.position) - Number(b.position) || String(a.createdAt).localeCompare(String(b.createdAt));
  return [...rows].sort(byOrder);
}

/** Positions 0…n-1 in this order; the first is the cover (docs/decisions.md). Only changed rows are written. */
async function settle(ctx: ApplyCtx, ordered: readonly Row[]): Promise<Row[]> {
  const settled: Row[] = [];
  for (const [position, photo] of ordered.entries()) {
    const isCover = position === 0;
    settled.push(
      Number(photo.position) === position && Boolean(photo.isCover) === isCover
        ? photo
        : await update(ctx, 'propertyPhotos', photo, { position, isCover }),
    );
  }
  return settled;
}

async function requireProperty(ctx: ApplyCtx, propertyId: unknown): Promise<string> {
  const property = await requireRow(
    ctx,
    'properties',
    propertyId,
    errorMessages.propertyPhotoPropertyNotFound,
  );
  return property.id;
}

/** A live photo of the property, with the property's live photos in order. */
async function requirePhoto(ctx: ApplyCtx, args: unknown) {
  const raw = argsRecord(args);
  const propertyId = await requireProperty(ctx, raw.propertyId);
  if (!isUuid(raw.photoId)) throw notFound(errorMessages.propertyPhotoNotFound);
  const { photoId } = parseArgs(propertyPhotoRefSchema, raw);
  const live = await livePhotos(ctx, propertyId);
  if (!live.some((p) => p.id === photoId)) throw notFound(errorMessages.propertyPhotoNotFound);
  return { photoId, live };
}

/**
 * {propertyId, photoIds}: the named live photos first, in that order, then the others in theirs (a photo
 * another device added meanwhile is kept; one deleted meanwhile is passed over). Answers the gallery.
 */
export async function reorderPropertyPhotos(ctx: ApplyCtx, args: unknown): Promise<Row[]> {
  assertCanWrite(ctx);
  const propertyId = await requireProperty(ctx, argsRecord(args).propertyId);
  const { photoIds } = parseArgs(reorderPropertyPhotosArgsSchema, args);
  const live = await livePhotos(ctx, propertyId);
  const byId = new Map(live.map((p) => [p.id, p]));
  const named = photoIds.flatMap((id) => byId.get(id) ?? []);
  const rest = live.filter((p) => !photoIds.includes(p.id));
  return settle(ctx, [...named, ...rest]);
}

/** {propertyId, photoId}: this photo becomes the cover, first in the gallery; the others keep their order. */
export async function setPropertyPhotoCover(ctx: ApplyCtx, args: unknown): Promise<Row[]> {
  assertCanWrite(ctx);
  const { photoId, live } = await requirePhoto(ctx, args);
  const cover = live.find((p) => p.id === photoId)!;
  return settle(ctx, [cover, ...live.filter((p) => p !== cover)]);
}

/**
 * {propertyId, photoId}: the photo goes (a tombstone on the server, whose bytes it drops too); the others
 * close ranks, and when it was the cover the next one becomes the cover.
 */
export async function deletePropertyPhoto(ctx: ApplyCtx, args: unknown): Promise<Row[]> {
  assertCanWrite(ctx);
  const { photoId, live } = await requirePhoto(ctx, args);
  await ctx.store.remove('propertyPhotos', photoId);
  return settle(
    ctx,
    live.filter((p) => p.id !== photoId),
  );
}
