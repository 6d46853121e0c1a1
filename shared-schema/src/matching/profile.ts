import {
  MATCHABLE_STATUSES,
  MATCH_WEIGHTS as W,
  MAX_OVER_BUDGET_PERCENT,
  RESIDENTIAL_TYPES,
  investmentTypeBits,
  typologyTypeBits,
  TYPOLOGY_LABELS,
  ZONE_FULL,
  ZONE_PARTIAL,
  parseZones,
  placeKeysOf,
  typeBit,
  typologyIndex,
  type PlaceKeys,
  type Zone,
} from './rules';

// Buyer and property profiles: what the per-pair code needs, read once from the rows (docs/product.md#matching).

/** The client fields matching reads (a `Client` row fits). */
export type MatchableClient = {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly customFields: unknown;
  readonly deletedAt?: string | null;
};

/** The property fields matching reads (the property row fits). Price in integer cents. */
export type MatchableProperty = {
  readonly id: string;
  readonly business: string;
  readonly propertyType: string;
  readonly typology?: string | null;
  readonly priceCents: number | null;
  readonly concelho?: string | null;
  readonly freguesia?: string | null;
  readonly street?: string | null;
  readonly status: string;
  readonly deletedAt?: string | null;
};

export type BuyerProfile = {
  readonly id: string;
  readonly name: string;
  readonly budgetCents: number;
  /** 0 … 5, or -1 when no T-typology is asked. */
  readonly typology: number;
  /** Bits of the wanted property types; 0 = any. */
  readonly types: number;
  /** The buyer named the type (a 'Tipo: …' reason); false when it follows from a T-typology. */
  readonly typesNamed: boolean;
  /** Shared between buyers with the same zone texts: never change it. */
  readonly zones: readonly Zone[];
};

export type PropertyProfile = {
  readonly id: string;
  readonly priceCents: number;
  readonly typology: number;
  readonly typeBit: number;
  readonly typeReason: string;
  readonly places: PlaceKeys;
};

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const record = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : {};

/**
 * A live Comprador with a budget, or a live Investidor with an investment budget and at least one zone;
 * null for anyone else. Budgets are euro numbers as stored (whole cents); strings are not read.
 */
export function buyerProfile(
  c: MatchableClient,
  zoneCache?: Map<string, readonly Zone[]>,
): BuyerProfile | null {
  if (c.deletedAt) return null;
  const f = record(c.customFields);
  const investor = c.type === 'Investidor';
  if (!investor && c.type !== 'Comprador') return null;
  const budget = investor ? f.investmentBudget : f.budget;
  if (typeof budget !== 'number' || !Number.isFinite(budget) || budget <= 0) return null;
  const texts = investor ? [text(f.zone), text(f.preferredZones)] : [text(f.zone), ''];
  // Zone texts repeat across clients ('Almada'): a prepared index parses each one once.
  const cacheKey = texts.join('\u0000');
  let zones = zoneCache?.get(cacheKey);
  if (!zones) {
    zones = parseZones(texts);
    zoneCache?.set(cacheKey, zones);
  }
  if (investor && zones.length === 0) return null;
  const typology = typologyIndex(f.typology);
  let types = typeBit(f.propertyType) || typologyTypeBits(f.typology);
  if (!types && investor) types = investmentTypeBits(f.investmentType);
  const typesNamed = types !== 0;
  if (!types && typology >= 0) types = RESIDENTIAL_TYPES;
  return {
    id: c.id,
    name: c.name,
    budgetCents: Math.round(budget * 100),
    typology,
    types,
    typesNamed,
    zones,
  };
}

/** A live property for sale, Disponível or Em angariação, with a price; null otherwise (it matches no one). */
export function propertyProfile(p: MatchableProperty): PropertyProfile | null {
  if (p.deletedAt || !MATCHABLE_STATUSES.includes(p.status)) return null;
  // Buyers buy: a rental matches no one until clients can look for a rent.
  if (p.business !== 'Venda') return null;
  const priceCents = p.priceCents;
  if (priceCents == null || !Number.isSafeInteger(priceCents) || priceCents <= 0) return null;
  return {
    id: p.id,
    priceCents,
    typology: typologyIndex(p.typology),
    typeBit: typeBit(p.propertyType),
    typeReason: `Tipo: ${p.propertyType}`,
    places: placeKeysOf(p),
  };
}

/** Price, type and zone gates, then the points; -1 when the pair does not match. No allocation. */
export function pairScore(b: BuyerProfile, p: PropertyProfile, zone: number): number {
  const price = p.priceCents;
  const budget = b.budgetCents;
  if (price * 100 > budget * (100 + MAX_OVER_BUDGET_PERCENT)) return -1;
  if (b.types !== 0 && (b.types & p.typeBit) === 0) return -1;
  let score: number;
  if (b.zones.length === 0) score = W.zoneNone;
  else if (zone === ZONE_FULL) score = W.zone;
  else if (zone === ZONE_PARTIAL) score = W.zonePartial;
  else return -1;
  score += price <= budget ? W.price : W.priceOverBase - W.priceOverPerPercent * overPercent(price, budget);
  if (b.typology < 0) score += W.typologyNone;
  else if (p.typology === b.typology) score += W.typology;
  else if (p.typology >= 0 && Math.abs(p.typology - b.typology) === 1) score += W.typologyNear;
  return score + (b.types === 0 ? W.typeAny : W.type);
}

/** Started percent above the budget (1 … 10): 200,001 € on 200,000 € is 1 %. */
function overPercent(price: number, budget: number): number {
  return Math.ceil(((price - budget) * 100) / budget);
}

// Every reason text but the zone's (kept on the zone) and the type's (kept on the property), written once.
const PRICE_REASONS = Array.from({ length: MAX_OVER_BUDGET_PERCENT + 1 }, (_, pct) =>
  pct === 0 ? 'Dentro do orçamento' : `${pct}% acima do orçamento`,
);
/** TYPOLOGY_REASONS[asked][offered + 1]; offered -1 = the property gives none. */
const TYPOLOGY_REASONS = TYPOLOGY_LABELS.map((asked, a) =>
  [-1, ...TYPOLOGY_LABELS.keys()].map((o) =>
    o === a
      ? `Tipologia ${asked}`
      : o < 0
        ? `Tipologia ${asked} pedida, sem tipologia indicada`
        : `Tipologia ${asked} pedida, ${TYPOLOGY_LABELS[o]!} oferecida`,
  ),
);

/** The reasons of a matching pair, in the order price, zone, typology, type. Allocates the array only. */
export function pairReasons(b: BuyerProfile, p: PropertyProfile, zone: number, zoneIndex: number): string[] {
  const reasons = [
    PRICE_REASONS[p.priceCents <= b.budgetCents ? 0 : overPercent(p.priceCents, b.budgetCents)]!,
  ];
  const z = zoneIndex >= 0 ? b.zones[zoneIndex] : undefined;
  if (z) reasons.push(zone === ZONE_FULL ? z.fullReason : z.partialReason);
  if (b.typology >= 0) reasons.push(TYPOLOGY_REASONS[b.typology]![p.typology + 1]!);
  if (b.typesNamed) reasons.push(p.typeReason);
  return reasons;
}
