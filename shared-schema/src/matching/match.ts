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
import { prepareBuyers, type PreparedBuyers } from './prepare-buyers';
import { MAX_OVER_BUDGET_PERCENT, ZONE_FULL, zoneLevel, type PlaceKeys } from './rules';

// Buyer ↔ property matching, both ways, on the device (docs/product.md#matching). The texts are normalised
// once in a prepared index (`prepareBuyers` in prepare-buyers.ts, `prepareProperties`), rebuilt when the
// replica changes and reused across calls; a pair costs a few number comparisons, and only matching pairs allocate.

export type BuyerMatch = { clientId: string; score: number; reasons: string[] };
export type PropertyMatch = { propertyId: string; score: number; reasons: string[] };
/** `limit`: build only the first N results (the ranking still considers every pair). */
export type MatchOptions = { limit?: number };

const OVER = 100 + MAX_OVER_BUDGET_PERCENT;
const plain = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

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
  list.sort((a, b) => a.priceCents - b.priceCents || plain(a.id, b.id));
  return { properties: list, keys: new Float64Array(list.length) };
}

/**
 * The best zone level of a buyer for a property and the first zone reaching it, packed as level × 2^16 + index
 * (index 0xffff = none) so the per-pair call returns a number, not an object.
 */
function bestZone(b: BuyerProfile, at: PlaceKeys): number {
  let best = 0;
  let index = NO_ZONE;
  for (let i = 0; i < b.zones.length && best < ZONE_FULL; i++) {
    const level = zoneLevel(b.zones[i]!, at);
    if (level > best) {
      best = level;
      index = i;
    }
  }
  return best * 0x10000 + index;
}
const NO_ZONE = 0xffff;
const levelOf = (packed: number) => packed >>> 16;
const indexOf = (packed: number) => ((packed & NO_ZONE) === NO_ZONE ? -1 : packed & NO_ZONE);

/** Sorts the first `count` keys, (100 − score) × n + rank: ascending = best score first, then rank. */
function sortKeys(keys: Float64Array, count: number, limit: number | undefined) {
  return { sorted: keys.subarray(0, count).sort(), end: Math.min(count, Math.max(0, limit ?? count)) };
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
  // Each distinct zone is placed once per property; a buyer then reads its zones' levels.
  for (let z = 0; z < zones.length; z++) levels[z] = zoneLevel(zones[z]!, p.places);
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
  const { sorted, end } = sortKeys(keys, count, options.limit);
  const out: BuyerMatch[] = new Array<BuyerMatch>(end);
  for (let k = 0; k < end; k++) {
    const key = sorted[k]!;
    const i = key % n;
    const b = buyers[i]!;
    let level = 0;
    let index = -1;
    for (let j = zoneStart[i]!; j < zoneStart[i + 1]!; j++) {
      const l = levels[zoneIds[j]!]!;
      if (l > level) {
        level = l;
        index = j - zoneStart[i]!;
      }
    }
    out[k] = { clientId: b.id, score: 100 - Math.floor(key / n), reasons: pairReasons(b, p, level, index) };
  }
  return out;
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
    const score = pairScore(b, p, b.zones.length === 0 ? 0 : levelOf(bestZone(b, p.places)));
    if (score >= 0) keys[count++] = (100 - score) * n + i;
  }
  const { sorted, end } = sortKeys(keys, count, options.limit);
  const out: PropertyMatch[] = new Array<PropertyMatch>(end);
  for (let k = 0; k < end; k++) {
    const key = sorted[k]!;
    const p = list[key % n]!;
    const zone = bestZone(b, p.places);
    out[k] = {
      propertyId: p.id,
      score: 100 - Math.floor(key / n),
      reasons: pairReasons(b, p, levelOf(zone), indexOf(zone)),
    };
  }
  return out;
}
