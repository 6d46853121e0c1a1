import {
  canonicalConcelho,
  errorMessages,
  normalizeForSearch,
  propertyListQuerySchema,
  propertySchema,
  uuidSchema,
  type Property,
} from '@casa/shared-schema';
import { camelToSnake, fromDbRow } from '../../db/rows';
import { forOrganization } from '../../db/scope';
import type { DomainCtx } from '../../http/context';
import { notFound } from '../../http/errors';
import { likeContains } from '../../lib/sql-like';

type Row = Record<string, unknown>;

/** The columns of the wire shape (never the server-only search_text). */
const COLUMNS = Object.keys(propertySchema.shape).map((key) => `properties.${camelToSnake(key)}`);

/** A properties row → the wire shape (features parsed, booleans and integers converted). */
export function toProperty(row: Row): Property {
  const all = fromDbRow<Row>('properties', row);
  return Object.fromEntries(Object.keys(propertySchema.shape).map((k) => [k, all[k] ?? null])) as Property;
}

/**
 * GET /api/properties: the filters of propertyListQuerySchema combined with AND, newest first (ties by
 * id); `after` continues after that property (keyset), `limit` bounds the page.
 */
export async function listProperties(ctx: DomainCtx, rawQuery: unknown): Promise<Property[]> {
  const query = propertyListQuerySchema.parse(rawQuery);
  const scope = forOrganization(ctx.db, ctx.auth);
  const q = scope.table('properties').select(COLUMNS);
  const equals = {
    business: query.business,
    property_type: query.propertyType,
    typology: query.typology,
    status: query.status,
    agent_id: query.agentId,
    owner_client_id: query.ownerClientId,
  };
  for (const [column, value] of Object.entries(equals))
    if (value !== undefined) q.where(`properties.${column}`, value);
  if (query.concelho !== undefined) {
    // Stored with the list's spelling: 'setubal' asks for 'Setúbal' (a name off the list finds nothing).
    q.where('properties.concelho', canonicalConcelho(query.concelho) ?? query.concelho.trim());
  }
  if (query.priceMin !== undefined) q.where('properties.price_cents', '>=', query.priceMin);
  if (query.priceMax !== undefined) q.where('properties.price_cents', '<=', query.priceMax);
  const text = normalizeForSearch(query.q ?? '');
  if (text !== '') q.whereRaw("properties.search_text LIKE ? ESCAPE '\\'", [likeContains(text)]);
  if (query.after !== undefined) {
    const last = (await scope.find('properties', query.after)) as Row | undefined;
    if (last) {
      const createdAt = last.created_at as string;
      q.where((w) => {
        w.where('properties.created_at', '<', createdAt).orWhere((same) => {
          same.where('properties.created_at', createdAt).andWhere('properties.id', '<', query.after!);
        });
      });
    }
  }
  q.orderBy([
    { column: 'properties.created_at', order: 'desc' },
    { column: 'properties.id', order: 'desc' },
  ]);
  if (query.limit !== undefined) q.limit(query.limit);
  return ((await q) as Row[]).map(toProperty);
}

/** GET /api/properties/{id}: a non-uuid or another organization's id is simply not found. */
export async function getProperty(ctx: DomainCtx, id: unknown): Promise<Property> {
  const parsed = uuidSchema.safeParse(id);
  if (!parsed.success) throw notFound(errorMessages.propertyNotFound);
  const row = await forOrganization(ctx.db, ctx.auth).find('properties', parsed.data);
  if (!row) throw notFound(errorMessages.propertyNotFound);
  return toProperty(row);
}

/** GET /api/clients/{id}/properties: a seller's properties (the client must be of the organization). */
export async function propertiesOfClient(ctx: DomainCtx, clientId: unknown): Promise<Property[]> {
  const parsed = uuidSchema.safeParse(clientId);
  if (!parsed.success) throw notFound(errorMessages.clientNotFound);
  const client = await forOrganization(ctx.db, ctx.auth).find('clients', parsed.data);
  if (!client) throw notFound(errorMessages.clientNotFound);
  return listProperties(ctx, { ownerClientId: parsed.data });
}

/**
 * 404 unless `propertyId` is a live property of the caller's organization: what hangs off a property (its
 * photos, its sheet links) is out of reach once the property is deleted, or in another organization.
 */
export async function assertPropertyExists(ctx: DomainCtx, propertyId: string): Promise<void> {
  const found = await forOrganization(ctx.db, ctx.auth).find('properties', propertyId);
  if (!found) throw notFound(errorMessages.propertyPhotoPropertyNotFound);
}
