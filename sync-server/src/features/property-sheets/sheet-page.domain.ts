import type { Knex } from 'knex';
import { uuidSchema, type Property } from '@casa/shared-schema';
import { forOrganization, type OrganizationScope } from '../../db/scope';
import { toProperty } from '../properties/properties.views';
import { findActiveSheetLink } from './sheet-token';

type Row = Record<string, unknown>;

export type SheetAgent = { name: string; phone: string | null; email: string };
export type SheetPhoto = { id: string; width: number; height: number };

/**
 * Only these facts leave the server: an allow-list, so a new column of the property is private until added
 * here (never its owner, notes, street or mediation contract).
 */
const SHEET_FACTS = [
  'reference',
  'title',
  'business',
  'propertyType',
  'typology',
  'bedrooms',
  'bathrooms',
  'usableArea',
  'grossArea',
  'landArea',
  'priceCents',
  'condition',
  'energyClass',
  'yearBuilt',
  'features',
  'distrito',
  'concelho',
  'freguesia',
  'status',
] as const satisfies readonly (keyof Property)[];

/** What the public sheet shows: the SHEET_FACTS of the property, its agent and photos. */
export type SheetView = {
  organizationName: string;
  property: Pick<Property, (typeof SHEET_FACTS)[number]>;
  agent: SheetAgent | null;
  photos: SheetPhoto[];
};

function publicFacts(p: Property): SheetView['property'] {
  return Object.fromEntries(SHEET_FACTS.map((key) => [key, p[key]])) as SheetView['property'];
}

/** The responsible agent, else whoever made the link: the buyer always has someone to call. */
async function agentOf(scope: OrganizationScope, ids: Array<unknown>): Promise<SheetAgent | null> {
  for (const id of ids) {
    if (typeof id !== 'string') continue;
    const user = await scope.member(id);
    if (!user || user.status !== 'active') continue;
    const name = [user.first_name, user.last_name].filter((p) => typeof p === 'string' && p.trim()).join(' ');
    return {
      name: name || String(user.email),
      phone: (user.phone as string | null) || null,
      email: String(user.email),
    };
  }
  return null;
}

/** The live property behind an active token, within the token's organization; undefined answers 404. */
async function sheetProperty(db: Knex, token: string) {
  const link = await findActiveSheetLink(db, token);
  if (!link) return undefined;
  const scope = forOrganization(db, { organizationId: link.organizationId });
  // A deleted property (soft delete) is not found: deleting it ends its links.
  const row = await scope.find('properties', link.propertyId);
  return row && { link, scope, row };
}

/** GET /ficha/{token}: the sheet's content, or undefined for an unknown, revoked or ended link. */
export async function loadSheet(db: Knex, token: string): Promise<SheetView | undefined> {
  const found = await sheetProperty(db, token);
  if (!found) return undefined;
  const { link, scope, row } = found;
  const property = toProperty(row);
  const organization = (await db('organizations').where({ id: link.organizationId }).first('name')) as
    { name: string } | undefined;
  const photos = (await scope
    .table('property_photos')
    .where('property_photos.property_id', link.propertyId)
    .orderBy([{ column: 'property_photos.position' }, { column: 'property_photos.created_at' }])
    .select('property_photos.id', 'property_photos.width', 'property_photos.height')) as Row[];
  return {
    organizationName: organization?.name ?? '',
    property: publicFacts(property),
    agent: await agentOf(scope, [property.agentId, link.createdBy]),
    photos: photos.map((p) => ({ id: String(p.id), width: Number(p.width), height: Number(p.height) })),
  };
}

/** GET /ficha/{token}/fotos/{photoId}: a live photo of that property at display size, else undefined. */
export async function readSheetPhoto(
  db: Knex,
  token: string,
  photoIdArg: unknown,
): Promise<{ data: Buffer; mime: string } | undefined> {
  const photoId = uuidSchema.safeParse(photoIdArg);
  if (!photoId.success) return undefined;
  const found = await sheetProperty(db, token);
  if (!found) return undefined;
  const file = (await found.scope
    .table('property_photo_files')
    .join('property_photos', 'property_photos.id', 'property_photo_files.id')
    .where('property_photo_files.id', photoId.data)
    .where('property_photos.property_id', found.link.propertyId)
    .whereNull('property_photos.deleted_at')
    .first('property_photo_files.display as data', 'property_photo_files.display_mime as mime')) as
    { data: Buffer; mime: string } | undefined;
  return file && { data: Buffer.from(file.data), mime: file.mime };
}
