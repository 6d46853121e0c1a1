import { PROPERTY_TYPES } from '../enums/business-values';
import { canonicalConcelho, isConcelho, placeKey } from '../geo/concelhos';

// The matching rules of a buyer against a property (docs/product.md#matching). Everything textual is
// normalised here, once per buyer or per property; the per-pair code in match.ts only compares numbers
// and already-normalised strings.

/** Points per criterion; a perfect match scores 100. */
export const MATCH_WEIGHTS = {
  /** Price within the budget. Up to 10 % over: 30 − 2 per started percent (28 … 10). */
  price: 40,
  priceOverBase: 30,
  priceOverPerPercent: 2,
  /** Zone: the property is in a zone the buyer named; 20 for the concelho of 'Lisboa - Alvalade' only. */
  zone: 30,
  zonePartial: 20,
  zoneNone: 15,
  /** Typology: the one asked; 10 one room apart (or nothing asked); 0 further apart or not given. */
  typology: 20,
  typologyNear: 10,
  typologyNone: 10,
  /** Property type: one the buyer wants; 5 when the buyer wants any. */
  type: 10,
  typeAny: 5,
} as const;

/** How far above the budget a property may still match (10 %). */
export const MAX_OVER_BUDGET_PERCENT = 10;

/** Statuses that can match; the others (Reservado, Vendido, Arrendado, Retirado) never do. */
export const MATCHABLE_STATUSES: readonly string[] = ['Disponível', 'Em angariação'];

// The property types of the property entity (issue 20); one bit each for the per-pair test.
/** The property types a buyer may want, one bit each (the property entity's list). */
export const MATCH_PROPERTY_TYPES = PROPERTY_TYPES;
const TYPE_BIT = new Map(MATCH_PROPERTY_TYPES.map((t, i) => [placeKey(t), 1 << i]));
/** The bit of a property type (0 for an unknown one, which only a buyer wanting any type accepts). */
export function typeBit(type: unknown): number {
  return TYPE_BIT.get(placeKey(type)) ?? 0;
}
const bits = (...types: string[]) => types.reduce((mask, t) => mask | typeBit(t), 0);
export const RESIDENTIAL_TYPES = bits('Apartamento', 'Moradia', 'Quinta');
// Client values that name the types wanted: the typology field's 'Moradia'/'Terreno', an investment type.
const TYPOLOGY_WANTS = new Map([
  ['Moradia', bits('Moradia')],
  ['Terreno', bits('Terreno')],
]);
const INVESTMENT_TYPE_WANTS = new Map([
  ['Terrenos', bits('Terreno')],
  ['Comercial', bits('Comercial', 'Escritório', 'Loja', 'Armazém')],
]);
/** The types a client's typology field names ('Moradia', 'Terreno'); 0 for none. */
export function typologyTypeBits(typology: unknown): number {
  return typeof typology === 'string' ? (TYPOLOGY_WANTS.get(typology) ?? 0) : 0;
}
/** The types an Investidor's investment type names ('Terrenos', 'Comercial'); 0 for none. */
export function investmentTypeBits(investmentType: unknown): number {
  return typeof investmentType === 'string' ? (INVESTMENT_TYPE_WANTS.get(investmentType) ?? 0) : 0;
}

export const TYPOLOGY_LABELS = ['T0', 'T1', 'T2', 'T3', 'T4', 'T5+'] as const;
/** 'T0' … 'T4' → 0 … 4, 'T5+' (or T6, T7 …) → 5; anything else → -1. */
export function typologyIndex(value: unknown): number {
  if (typeof value !== 'string') return -1;
  const m = /^t\s*(\d{1,2})\s*\+?$/i.exec(value.trim());
  return m ? Math.min(Number(m[1]), 5) : -1;
}

/** One place of a zone text: its comparison key, and whether it names a concelho. */
export type Place = { readonly key: string; readonly concelho: boolean; readonly label: string };
/** One zone a buyer named: 'Almada', or 'Lisboa - Alvalade' (a head place and a tail place). */
export type Zone = {
  readonly text: string;
  readonly head: Place;
  readonly tail: Place | null;
  readonly fullReason: string;
  readonly partialReason: string;
};

const ZONE_SEPARATORS = /[,;/|\n\r]+|\s+e\s+/i;
const HIERARCHY = /\s+[-–—]\s+/;
const SPACES = /\s+/g;

function place(text: string): Place {
  const concelho = isConcelho(text);
  return { key: placeKey(text), concelho, label: concelho ? canonicalConcelho(text)! : text };
}

/** The zones of free texts ('Almada, Seixal e Lisboa - Alvalade'), in order, without repeats or blanks. */
export function parseZones(texts: readonly unknown[]): Zone[] {
  const zones: Zone[] = [];
  const seen = new Set<string>();
  for (const text of texts) {
    if (typeof text !== 'string') continue;
    for (const raw of text.split(ZONE_SEPARATORS)) {
      const part = raw.replace(SPACES, ' ').trim();
      if (seen.has(part)) continue;
      const [headText = '', ...rest] = part.split(HIERARCHY);
      let head = place(headText);
      let tail = rest.length > 0 ? place(rest.join(' - ')) : null;
      if (!head.key || (tail && !tail.key)) [head, tail] = [place(part), null];
      if (!head.key) continue;
      seen.add(part);
      zones.push({
        text: part,
        head,
        tail,
        fullReason: tail ? `Zona: ${head.label} - ${tail.label}` : `Zona: ${head.label}`,
        partialReason: tail ? `Zona: ${head.label}, fora de ${tail.label}` : '',
      });
    }
  }
  return zones;
}

/** A property's place keys, computed once per property. */
export type PlaceKeys = { readonly concelho: string; readonly freguesia: string; readonly street: string };
export function placeKeysOf(p: {
  concelho?: string | null;
  freguesia?: string | null;
  street?: string | null;
}): PlaceKeys {
  return { concelho: placeKey(p.concelho), freguesia: placeKey(p.freguesia), street: placeKey(p.street) };
}

function isWordCode(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c > 127;
}

/** `needle` occurs in `hay` as whole words ('foz' in 'rua da foz', not in 'fozes'). No allocation. */
export function containsWords(hay: string, needle: string): boolean {
  let i = hay.indexOf(needle);
  while (i !== -1) {
    const end = i + needle.length;
    if (
      (i === 0 || !isWordCode(hay.charCodeAt(i - 1))) &&
      (end === hay.length || !isWordCode(hay.charCodeAt(end)))
    )
      return true;
    i = hay.indexOf(needle, i + 1);
  }
  return false;
}

/** A concelho name means the concelho; any other place is looked for in the freguesia and the street. */
function placeHits(p: Place, at: PlaceKeys): boolean {
  if (p.key === at.concelho) return true;
  return !p.concelho && (containsWords(at.freguesia, p.key) || containsWords(at.street, p.key));
}

export const ZONE_MISS = 0;
export const ZONE_PARTIAL = 1;
export const ZONE_FULL = 2;

/**
 * How well a property lies in a zone. 'Lisboa - Alvalade': FULL in Alvalade, PARTIAL elsewhere in Lisboa,
 * MISS outside Lisboa. When the head is no concelho ('Algarve - Vilamoura') the tail alone gives FULL.
 */
export function zoneLevel(z: Zone, at: PlaceKeys): number {
  const head = placeHits(z.head, at);
  if (!z.tail) return head ? ZONE_FULL : ZONE_MISS;
  if (z.head.concelho && !head) return ZONE_MISS;
  return placeHits(z.tail, at) ? ZONE_FULL : head ? ZONE_PARTIAL : ZONE_MISS;
}
