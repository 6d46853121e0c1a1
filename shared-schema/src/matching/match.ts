import {
  buyerProfile,
  pairReasons,
  pairScore,
  propertyProfile,
  type BuyerProfile,
  type MatchableClient,
  type MatchableProperty,
  type PropertyProfile,
} from './profile';
import { MAX_OVER_BUDGET_PERCENT, ZONE_FULL, zoneLevel, type PlaceKeys, type Zone } from './rules';

// Buyer ↔ property matching, both ways, on the device (docs/product.md#matching). The texts are normalised
// once in a prepared index (`prepareBuyers`, `prepareProperties`), rebuilt when the replica changes and
// reused across calls; a pair costs a few number comparisons, and only matching pairs allocate.

export type BuyerMatch = { clientId: string; score: number; reasons: string[] };
export type PropertyMatch = { propertyId: string; score: number; reasons: string[] };
/** `limit`: build only the first N results (the ranking still considers every pair). */
export type MatchOptions = { limit?: number };

const OVER = 100 + MAX_OVER_BUDGET_PERCENT;
const collator = new Intl.Collator('pt-PT');
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The buyers among the clients, ranked by name (pt-PT) then id, with their zones numbered once. */
export type PreparedBuyers = {
  readonly buyers: readonly BuyerProfile[];
  readonly zones: readonly Zone[];
  /** The zones of buyer i are zoneIds[zoneStart[i] … zoneStart[i + 1]). */
  readonly zoneIds: Int32Array;
  readonly zoneStart: Int32Array;
  readonly budget: Float64Array;
  /** Scratch buffers reused by every call: zone levels for one property, sort keys of the matches. */
  readonly levels: Int8Array;
  readonly keys: Float64Array;
};

export function prepareBuyers(clients: readonly MatchableClient[]): PreparedBuyers {
  const buyers: BuyerProfile[] = [];
  for (const c of clients) {
    const b = buyerProfile(c);
    if (b) buyers.push(b);
  }
  buyers.sort((a, b) => collator.compare(a.name, b.name) || byId(a.id, b.id));
  const zoneIndex = new Map<string, number>();
  const zones: Zone[] = [];
  const ids: number[] = [];
  const zoneStart = new Int32Array(buyers.length + 1);
  const budget = new Float64Array(buyers.length);
  buyers.forEach((b, i) => {
    budget[i] = b.budgetCents;
    for (const z of b.zones) {
      let id = zoneIndex.get(z.text);
      if (id === undefined) {
        id = zones.push(z) - 1;
        zoneIndex.set(z.text, id);
      }
      ids.push(id);
    }
    zoneStart[i + 1] = ids.length;
  });
  return {
    buyers,
    zones,
    zoneIds: Int32Array.from(ids),
    zoneStart,
    budget,
    levels: new Int8Array(zones.length),
    keys: new Float64Array(buyers.length),
  };
}

/** The live properties for sale that can match, ranked by price then id. */
export type PreparedProperties = {
  readonly properties: readonly PropertyProfile[];
  readonly keys: Float64Array;
};

export function prepareProperties(properties: readonly MatchableProperty[]): PreparedProperties {
  const list: PropertyProfile[] = [];
  for (const p of properties) {
    const profile = propertyProfile(p);
    if (profile) list.push(profile);
  }
  list.sort((a, b) => a.priceCents - b.priceCents || byId(a.id, b.id));
  return { properties: list, keys: new Float64Array(list.length) };
}

/** The first zone of a buyer reaching `level` for these places (for the reason text). */
function zoneIndexAt(b: BuyerProfile, at: PlaceKeys, level: number): number {
  for (let i = 0; i < b.zones.length; i++) if (zoneLevel(b.zones[i]!, at) === level) return i;
  return -1;
}

/** Sort keys (100 − score) × n + rank: ascending = score descending, then rank. */
function ranked(keys: Float64Array, count: number, n: number, limit: number | undefined) {
  const sorted = keys.subarray(0, count).sort();
  const out: { index: number; score: number }[] = [];
  const end = Math.min(count, limit ?? count);
  for (let k = 0; k < end; k++) {
    const key = sorted[k]!;
    out.push({ index: key % n, score: 100 - Math.floor(key / n) });
  }
  return out;
}

/** 'Compradores compatíveis': the buyers matching a property, best first, then by name. */
export function matchBuyersForProperty(
  property: MatchableProperty,
  clients: readonly MatchableClient[] | PreparedBuyers,
  options: MatchOptions = {},
): BuyerMatch[] {
  const prepared = Array.isArray(clients) ? prepareBuyers(clients) : (clients as PreparedBuyers);
  const p = propertyProfile(property);
  if (!p) return [];
  const { buyers, zones, zoneIds, zoneStart, budget, levels, keys } = prepared;
  const at = p.places;
  for (let z = 0; z < zones.length; z++) levels[z] = zoneLevel(zones[z]!, at);
  const price100 = p.priceCents * 100;
  const n = buyers.length;
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (price100 > budget[i]! * OVER) continue;
    let best = 0;
    for (let j = zoneStart[i]!, end = zoneStart[i + 1]!; j < end && best < ZONE_FULL; j++) {
      const level = levels[zoneIds[j]!]!;
      if (level > best) best = level;
    }
    const score = pairScore(buyers[i]!, p, best);
    if (score >= 0) keys[count++] = (100 - score) * n + i;
  }
  return ranked(keys, count, n, options.limit).map(({ index, score }) => {
    const b = buyers[index]!;
    const level = b.zones.length === 0 ? 0 : bestLevel(b, at);
    return { clientId: b.id, score, reasons: pairReasons(b, p, level, zoneIndexAt(b, at, level)) };
  });
}

function bestLevel(b: BuyerProfile, at: PlaceKeys): number {
  let best = 0;
  for (let i = 0; i < b.zones.length && best < ZONE_FULL; i++) {
    const level = zoneLevel(b.zones[i]!, at);
    if (level > best) best = level;
  }
  return best;
}

/** 'Imóveis compatíveis': the properties matching a buyer, best first, then cheapest. */
export function matchPropertiesForBuyer(
  client: MatchableClient,
  properties: readonly MatchableProperty[] | PreparedProperties,
  options: MatchOptions = {},
): PropertyMatch[] {
  const prepared = Array.isArray(properties)
    ? prepareProperties(properties)
    : (properties as PreparedProperties);
  const b = buyerProfile(client);
  if (!b) return [];
  const { properties: list, keys } = prepared;
  const budgetOver = b.budgetCents * OVER;
  const n = list.length;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const p = list[i]!;
    // Ranked by price: every later property is dearer, beyond the budget too.
    if (p.priceCents * 100 > budgetOver) break;
    if (b.types !== 0 && (b.types & p.typeBit) === 0) continue;
    const score = pairScore(b, p, b.zones.length === 0 ? 0 : bestLevel(b, p.places));
    if (score >= 0) keys[count++] = (100 - score) * n + i;
  }
  return ranked(keys, count, n, options.limit).map(({ index, score }) => {
    const p = list[index]!;
    const level = b.zones.length === 0 ? 0 : bestLevel(b, p.places);
    return { propertyId: p.id, score, reasons: pairReasons(b, p, level, zoneIndexAt(b, p.places, level)) };
  });
}
