import { normalizeForSearch } from '../text/normalize';
import { CONCELHOS_BY_DISTRITO, REGIOES_AUTONOMAS } from './concelhos-data';

// Portugal's 18 distritos, 2 regiões autónomas and 308 concelhos (docs/product.md#places).
// Names are compared through `placeKey`: accents, case, hyphens and extra spaces do not matter
// ('vila nova de gaia', 'IDANHA A NOVA'); the functions answer the official spelling.

export type DistritoKind = 'distrito' | 'regiao_autonoma';
export type Distrito = { readonly name: string; readonly kind: DistritoKind };
export type Concelho = { readonly name: string; readonly distrito: string };

const regioes: readonly string[] = REGIOES_AUTONOMAS;

export const DISTRITOS: readonly Distrito[] = Object.freeze(
  Object.keys(CONCELHOS_BY_DISTRITO).map((name) =>
    Object.freeze({ name, kind: regioes.includes(name) ? 'regiao_autonoma' : 'distrito' } as const),
  ),
);

/**
 * Unique by (name, distrito), not by name: 'Lagoa' (Faro, Açores) and 'Calheta' (Açores, Madeira) appear
 * twice, so a place is identified by its concelho AND its distrito (the property address keeps both).
 */
export const CONCELHOS: readonly Concelho[] = Object.freeze(
  Object.entries(CONCELHOS_BY_DISTRITO).flatMap(([distrito, names]) =>
    names.map((name) => Object.freeze({ name, distrito })),
  ),
);

/** The comparison key of a place name: no accents, lower case, hyphens as spaces, single spaces. */
export function placeKey(name: unknown): string {
  return typeof name === 'string' ? normalizeForSearch(name.replace(/[-‐‑–—]/g, ' ')) : '';
}

const concelhosByKey = new Map<string, Concelho[]>();
for (const c of CONCELHOS) {
  const key = placeKey(c.name);
  concelhosByKey.set(key, [...(concelhosByKey.get(key) ?? []), c]);
}

const distritoByKey = new Map<string, string>();
for (const d of DISTRITOS) {
  distritoByKey.set(placeKey(d.name), d.name);
  if (d.kind === 'regiao_autonoma') {
    // The full names are accepted too: 'Região Autónoma dos Açores', 'Região Autónoma da Madeira'.
    distritoByKey.set(placeKey(`Região Autónoma dos ${d.name}`), d.name);
    distritoByKey.set(placeKey(`Região Autónoma da ${d.name}`), d.name);
  }
}

/** True when `name` is one of the 308 concelhos (tolerant of case, accents, hyphens and spaces). */
export function isConcelho(name: string): boolean {
  return concelhosByKey.has(placeKey(name));
}

/** The official spelling of a concelho ('vila nova de gaia' → 'Vila Nova de Gaia'), or null. */
export function canonicalConcelho(name: string): string | null {
  return concelhosByKey.get(placeKey(name))?.[0]?.name ?? null;
}

/** The official name of a distrito or região autónoma ('setubal' → 'Setúbal'), or null. */
export function canonicalDistrito(name: string): string | null {
  return distritoByKey.get(placeKey(name)) ?? null;
}

/** The concelhos of a distrito or região autónoma in their listed order; [] for an unknown name. */
export function concelhosOf(distrito: string): string[] {
  const official = canonicalDistrito(distrito);
  return official ? [...CONCELHOS_BY_DISTRITO[official as keyof typeof CONCELHOS_BY_DISTRITO]] : [];
}

/**
 * The distrito (or região autónoma) of a concelho, or null when unknown — and null for the names found in
 * two places ('Lagoa', 'Calheta'): there the caller must already know the distrito (see `isConcelhoOf`).
 */
export function distritoOf(concelho: string): string | null {
  const found = concelhosByKey.get(placeKey(concelho));
  return found?.length === 1 ? found[0]!.distrito : null;
}

/** True when the concelho belongs to that distrito or região autónoma ('Lagoa' of 'Açores'). */
export function isConcelhoOf(concelho: string, distrito: string): boolean {
  const official = canonicalDistrito(distrito);
  return (
    official !== null && (concelhosByKey.get(placeKey(concelho)) ?? []).some((c) => c.distrito === official)
  );
}
