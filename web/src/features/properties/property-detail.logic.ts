import {
  formatDate,
  formatPriceCents,
  formatPropertyPrice,
  PROPERTY_FIELDS,
  pricePerSquareMetreCents,
  type Property,
} from '@casa/shared-schema';

// What the property screen writes (docs/product.md#property-detail): pure, so the pt-PT texts are tested here.

/** A rent is monthly (priceCents is the monthly rent for Arrendamento). */
const perMonth = (p: Pick<Property, 'business'>) => (p.business === 'Arrendamento' ? '/mês' : '');

/** '€ 250 000', '€ 1 200/mês' for a rent; null when the property has no price. */
export function priceText(p: Pick<Property, 'priceCents' | 'business'>): string | null {
  return formatPropertyPrice(p);
}

/**
 * '€ 3 125/m²' (price over the usable area, else the gross one: pricePerSquareMetreCents). A sale price
 * per m² is shown in whole euros; a rent's keeps its cents ('€ 12,50/m²/mês'), where they matter.
 */
export function pricePerSquareMetreText(
  p: Pick<Property, 'priceCents' | 'business' | 'usableArea' | 'grossArea'>,
): string | null {
  const cents = pricePerSquareMetreCents(p);
  if (cents == null) return null;
  const shown = p.business === 'Arrendamento' ? cents : Math.round(cents / 100) * 100;
  return `${formatPriceCents(shown)}/m²${perMonth(p)}`;
}

const AREA = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 2 });

/** '85,5 m²', or null. */
export function areaText(m2: number | null | undefined): string | null {
  return m2 == null ? null : `${AREA.format(m2)}\u00a0m²`;
}

/** 'Apartamento T2 · Venda': the one line under the title. */
export function propertyKindText(p: Pick<Property, 'propertyType' | 'typology' | 'business'>): string {
  return [[p.propertyType, p.typology].filter(Boolean).join(' '), p.business].join(' · ');
}

/** The address as a letter writes it: street; postal code and freguesia; concelho and distrito. */
export function addressLines(
  p: Pick<Property, 'street' | 'postalCode' | 'freguesia' | 'concelho' | 'distrito'>,
): string[] {
  const join = (parts: (string | null)[], sep: string) => parts.filter(Boolean).join(sep);
  return [
    p.street ?? '',
    join([p.postalCode, p.freguesia], ' '),
    join([p.concelho, p.distrito && p.distrito !== p.concelho ? p.distrito : null], ', '),
  ].filter((line) => line !== '');
}

/** The mediation contract's rows (label, text), only those with a value. */
export function mediationRows(
  p: Pick<Property, 'mediationExclusive' | 'mediationStart' | 'mediationEnd' | 'commissionPercent'>,
): { label: string; text: string }[] {
  const rows = [{ label: 'Exclusividade', text: p.mediationExclusive ? 'Sim' : 'Não' }];
  if (p.mediationStart) rows.push({ label: 'Início', text: formatDate(p.mediationStart) });
  if (p.mediationEnd) rows.push({ label: 'Fim', text: formatDate(p.mediationEnd) });
  if (p.commissionPercent != null)
    rows.push({ label: 'Comissão', text: `${AREA.format(p.commissionPercent)}%` });
  return rows;
}

/** The gallery's order: the cover first, then the rest as the gallery orders them. */
export function coverFirst<T extends { isCover: boolean }>(photos: readonly T[]): T[] {
  const cover = photos.findIndex((p) => p.isCover);
  return cover <= 0 ? [...photos] : [photos[cover]!, ...photos.slice(0, cover), ...photos.slice(cover + 1)];
}

/**
 * What the gallery's photo menu offers the photo at `index` (photos in gallery order, the synced ones first):
 * the cover for a synced photo that is not first, and the new order of the synced photos when it moves one
 * place left or right among them. A photo still on the device offers none: it is not a row yet.
 */
export function photoMoves(
  photos: readonly { id: string; state: string }[],
  index: number,
): { cover: boolean; left: string[] | null; right: string[] | null } {
  const synced = photos.filter((p) => p.state === 'synced').map((p) => p.id);
  const at = synced.indexOf(photos[index]?.id ?? '');
  if (at < 0) return { cover: false, left: null, right: null };
  const swapped = (a: number, b: number) => {
    const ids = synced.slice();
    [ids[a], ids[b]] = [ids[b]!, ids[a]!];
    return ids;
  };
  return {
    cover: at > 0,
    left: at > 0 ? swapped(at - 1, at) : null,
    right: at < synced.length - 1 ? swapped(at, at + 1) : null,
  };
}

/**
 * Where each field of PROPERTY_FIELDS with `detail` sits on the screen. The test holds it to the metadata:
 * a new detail field fails it until it is placed.
 */
export const PROPERTY_DETAIL_LAYOUT = {
  header: ['reference', 'title', 'business', 'propertyType', 'typology', 'priceCents', 'status'],
  facts: [
    'bedrooms',
    'bathrooms',
    'usableArea',
    'grossArea',
    'landArea',
    'condition',
    'energyClass',
    'yearBuilt',
  ],
  features: ['features'],
  address: ['street', 'postalCode', 'freguesia', 'concelho', 'distrito'],
  people: ['agentId', 'ownerClientId'],
  mediation: ['mediationExclusive', 'mediationStart', 'mediationEnd', 'commissionPercent'],
  notes: ['notes'],
  stamps: ['createdAt', 'updatedAt'],
} as const satisfies Record<string, readonly (keyof typeof PROPERTY_FIELDS)[]>;

type FactKey = (typeof PROPERTY_DETAIL_LAYOUT.facts)[number];

/** The short facts with a value, labelled by PROPERTY_FIELDS: areas in m², the rest as stored. */
export function factRows(p: Pick<Property, FactKey>): { key: FactKey; label: string; text: string }[] {
  return PROPERTY_DETAIL_LAYOUT.facts.flatMap((key) => {
    const meta = PROPERTY_FIELDS[key];
    const value = p[key];
    if (value == null) return [];
    const text = meta.kind === 'decimal' ? areaText(value as number) : String(value);
    return text ? [{ key, label: meta.label, text }] : [];
  });
}

/** A field's label (PROPERTY_FIELDS), for the rows the screen lays out itself. */
export const fieldLabel = (
  key: Exclude<keyof typeof PROPERTY_FIELDS, 'organizationId' | 'deletedAt' | 'createdBy'>,
) => PROPERTY_FIELDS[key].label;
