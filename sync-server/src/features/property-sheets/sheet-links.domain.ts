import {
  errorMessages,
  PROPERTY_SHEET_PATH,
  type PropertySheetLink,
  type PropertySheetLinkCreated,
} from '@casa/shared-schema';
import { toIso } from '../../db/rows';
import { forOrganization } from '../../db/scope';
import { inTransaction } from '../../db/transaction';
import type { DomainCtx } from '../../http/context';
import { notFound } from '../../http/errors';
import { idOf } from '../../http/path-id';
import { assertPropertyExists } from '../properties/properties.views';
import { newSheetToken } from './sheet-token';

type Row = Record<string, unknown>;

const fullName = (row: Row) =>
  [row.first_name, row.last_name].filter((p) => typeof p === 'string' && p.trim()).join(' ') || null;

function toLink(row: Row): PropertySheetLink {
  return {
    id: String(row.id),
    propertyId: String(row.property_id),
    createdBy: (row.created_by as string | null) ?? null,
    createdByName: fullName(row),
    createdAt: toIso(row.created_at)!,
  };
}

/** The organization's active links of a live property, newest first, with who made each (no token). */
function activeLinks(ctx: DomainCtx, propertyId: string) {
  return forOrganization(ctx.db, ctx.auth)
    .table('property_sheet_links')
    .leftJoin('users', 'users.id', 'property_sheet_links.created_by')
    .where('property_sheet_links.property_id', propertyId)
    .whereNull('property_sheet_links.revoked_at')
    .orderBy([
      { column: 'property_sheet_links.created_at', order: 'desc' },
      { column: 'property_sheet_links.id', order: 'desc' },
    ])
    .select(
      'property_sheet_links.id',
      'property_sheet_links.property_id',
      'property_sheet_links.created_by',
      'property_sheet_links.created_at',
      'users.first_name',
      'users.last_name',
    );
}

/**
 * POST /api/properties/{id}/sheet-links: a new public link of a live property of the organization. The
 * token leaves the server this once, inside `url`; only its hash is kept.
 */
export async function createSheetLink(
  ctx: DomainCtx,
  propertyIdArg: unknown,
  origin: string,
): Promise<PropertySheetLinkCreated> {
  const propertyId = idOf(propertyIdArg, errorMessages.propertyPhotoPropertyNotFound);
  await assertPropertyExists(ctx, propertyId);
  const { token, tokenHash } = newSheetToken();
  const row = await inTransaction(ctx, (tx) =>
    forOrganization(tx.db, tx.auth).insert(
      'property_sheet_links',
      { property_id: propertyId, token_hash: tokenHash, created_by: tx.auth.userId },
      tx.now,
    ),
  );
  const [listed] = (await activeLinks(ctx, propertyId).where(
    'property_sheet_links.id',
    String(row.id),
  )) as Row[];
  return { ...toLink(listed ?? row), url: `${origin}${PROPERTY_SHEET_PATH}/${token}` };
}

/** GET /api/properties/{id}/sheet-links: the active links (never their tokens). */
export async function listSheetLinks(ctx: DomainCtx, propertyIdArg: unknown): Promise<PropertySheetLink[]> {
  const propertyId = idOf(propertyIdArg, errorMessages.propertyPhotoPropertyNotFound);
  await assertPropertyExists(ctx, propertyId);
  return ((await activeLinks(ctx, propertyId)) as Row[]).map(toLink);
}

/**
 * DELETE /api/sheet-links/{id}: the link stops opening the sheet at once. Revoking one already revoked
 * answers ok (a retried tap); another organization's or an unknown id answers 404.
 */
export async function revokeSheetLink(ctx: DomainCtx, linkIdArg: unknown): Promise<void> {
  const linkId = idOf(linkIdArg, errorMessages.propertySheetLinkNotFound);
  const links = () => forOrganization(ctx.db, ctx.auth).table('property_sheet_links');
  const found = await links().where('property_sheet_links.id', linkId).first('id', 'revoked_at');
  if (!found) throw notFound(errorMessages.propertySheetLinkNotFound);
  if (found.revoked_at) return;
  await links()
    .where('property_sheet_links.id', linkId)
    .whereNull('property_sheet_links.revoked_at')
    .update({ revoked_at: ctx.now, updated_at: ctx.now });
}
