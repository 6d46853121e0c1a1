import Dexie from 'dexie';
import type { Property, PropertyListQuery } from '@casa/shared-schema';
import { normalizeForSearch, propertySearchText } from '@casa/shared-schema/values';
import type { ReplicaDb } from './db';

/**
 * The screens' reads of properties, as plain functions over the replica (wrap them in useLiveQuery, or
 * use the hooks in read-hooks.ts). The filters are GET /api/properties' (propertyListQuerySchema), so a
 * screen answers the same offline as online; newest first.
 */
export type PropertyFilters = Omit<PropertyListQuery, 'limit' | 'after'>;

/** A property as the device shows it before its first pull: the server gives the CASA-number. */
export const REFERENCE_PENDING = 'A atribuir…';

/**
 * A row's search text, built once per row object: /imoveis filters the same rows on every keystroke, and
 * normalising five fields of 5,000 properties each time was most of a keystroke's cost (bench:screens
 * --properties 5000). A changed property is a new object (every replica read makes new ones).
 */
const searchTexts = new WeakMap<Property, string>();
function searchTextOf(p: Property): string {
  let text = searchTexts.get(p);
  if (text === undefined) {
    text = propertySearchText(p);
    searchTexts.set(p, text);
  }
  return text;
}

function matches(p: Property, f: PropertyFilters, q: string): boolean {
  if (f.status && p.status !== f.status) return false;
  if (f.business && p.business !== f.business) return false;
  if (f.propertyType && p.propertyType !== f.propertyType) return false;
  if (f.typology && p.typology !== f.typology) return false;
  if (f.agentId && p.agentId !== f.agentId) return false;
  if (f.ownerClientId && p.ownerClientId !== f.ownerClientId) return false;
  if (f.concelho && normalizeForSearch(p.concelho) !== normalizeForSearch(f.concelho)) return false;
  if (f.priceMin !== undefined && (p.priceCents === null || p.priceCents < f.priceMin)) return false;
  if (f.priceMax !== undefined && (p.priceCents === null || p.priceCents > f.priceMax)) return false;
  return q === '' || searchTextOf(p).includes(q);
}

const newestFirst = (a: Property, b: Property) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;

/**
 * `rows` that pass every filter given, newest first: for a screen that holds the replica's rows in memory
 * and filters them on each keystroke (the list of /imoveis, 5,000 properties).
 */
export function filterProperties(rows: readonly Property[], filters: PropertyFilters = {}): Property[] {
  const q = normalizeForSearch(filters.q ?? '');
  return rows.filter((p) => matches(p, filters, q)).sort(newestFirst);
}

/** The replica's properties that pass every filter given, newest first. */
export async function listProperties(db: ReplicaDb, filters: PropertyFilters = {}): Promise<Property[]> {
  // The status filter reads its index; the rest is one pass in memory (5,000 rows).
  const rows = filters.status
    ? await db.properties
        .where('[status+createdAt]')
        .between([filters.status, Dexie.minKey], [filters.status, Dexie.maxKey])
        .toArray()
    : await db.properties.toArray();
  return filterProperties(rows, filters);
}

/** One property, or undefined (deleted or never pulled). */
export function propertyById(db: ReplicaDb, id: string): Promise<Property | undefined> {
  return db.properties.get(id);
}

/** A seller client's properties, newest first. */
export async function propertiesOfOwner(db: ReplicaDb, ownerClientId: string): Promise<Property[]> {
  return (await db.properties.where('ownerClientId').equals(ownerClientId).toArray()).sort(newestFirst);
}

/**
 * Ids of the properties created on this device whose reference is still provisional: their create (with
 * no reference typed) waits in the outbox, and the server may give another CASA-number.
 */
export async function provisionalReferenceIds(db: ReplicaDb): Promise<Set<string>> {
  const creates = await db.outbox
    .filter(
      (e) =>
        e.name === 'createProperty' && !(typeof e.args.reference === 'string' && e.args.reference.trim()),
    )
    .toArray();
  return new Set(creates.map((e) => String(e.args.id)));
}

/** The reference to show: 'A atribuir…' while provisional (docs/decisions.md), else the stored one. */
export function shownReference(
  p: Pick<Property, 'id' | 'reference'>,
  provisional: ReadonlySet<string>,
): string {
  return provisional.has(p.id) ? REFERENCE_PENDING : p.reference;
}
