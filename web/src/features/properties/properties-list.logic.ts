import { CONCELHOS } from '@casa/shared-schema/values';
import type { PropertiesSearch } from '../../app/route-search';
import type { PropertyFilters } from '../../data/properties';

/** The URL keys that filter the list (the rest of /imoveis' search opens a dialog). */
export const FILTER_KEYS = [
  'q',
  'business',
  'propertyType',
  'typology',
  'status',
  'concelho',
  'agentId',
  'priceMin',
  'priceMax',
] as const satisfies readonly (keyof PropertiesSearch)[];
export type FilterKey = (typeof FILTER_KEYS)[number];
export type ListFilters = Pick<PropertiesSearch, FilterKey>;

/** The list's filters from the URL: the prices typed in euros become the replica's cents. */
export function filtersOfSearch(search: PropertiesSearch): PropertyFilters {
  const { priceMin, priceMax, action: _a, edit: _e, ...rest } = search;
  return {
    ...rest,
    ...(priceMin !== undefined && { priceMin: Math.round(priceMin * 100) }),
    ...(priceMax !== undefined && { priceMax: Math.round(priceMax * 100) }),
  };
}

/** Only the filter keys of a search (links and dialogs keep the filters, never the dialog). */
export function filtersOnly(search: PropertiesSearch): ListFilters {
  return Object.fromEntries(
    FILTER_KEYS.filter((k) => search[k] !== undefined).map((k) => [k, search[k]]),
  ) as ListFilters;
}

/** The search with one filter changed; blank and absent values leave the URL. */
export function withFilter<K extends FilterKey>(
  search: PropertiesSearch,
  key: K,
  value: ListFilters[K] | '' | null | undefined,
): ListFilters {
  const next: ListFilters = { ...filtersOnly(search) };
  if (value === '' || value === null || value === undefined) delete next[key];
  else next[key] = value as ListFilters[K];
  return next;
}

export const isFiltering = (search: PropertiesSearch) => FILTER_KEYS.some((k) => search[k] !== undefined);

/** How many filters besides the search text are on (the phone's "Filtros (2)" button). */
export const activeFilterCount = (search: PropertiesSearch) =>
  FILTER_KEYS.filter((k) => k !== 'q' && search[k] !== undefined).length;

/** '1 imóvel', '5 000 imóveis'. */
export function countText(count: number): string {
  const n = new Intl.NumberFormat('pt-PT', { useGrouping: 'always' })
    .format(count)
    .replace(/[\u00a0\u202f]/g, ' ');
  return `${n} ${count === 1 ? 'imóvel' : 'imóveis'}`;
}

/** The two empty states: nothing matches the filters, or no property yet (then the create button). */
export function emptyStateOf(search: PropertiesSearch): {
  title: string;
  hint: string;
  offerCreate: boolean;
} {
  return isFiltering(search)
    ? {
        title: 'Nenhum imóvel encontrado',
        hint: 'Tente ajustar os filtros de pesquisa.',
        offerCreate: false,
      }
    : {
        title: 'Ainda não há imóveis registados',
        hint: 'Comece por criar o seu primeiro imóvel.',
        offerCreate: true,
      };
}

/** The concelho filter's choices: every name of the list once ('Lagoa' is in two distritos), pt-PT order. */
export const CONCELHO_NAMES: readonly string[] = [...new Set(CONCELHOS.map((c) => c.name))].sort((a, b) =>
  a.localeCompare(b, 'pt-PT'),
);

export type PropertyDialog = { kind: 'create' } | { kind: 'edit'; id: string } | null;

/** The one form a /imoveis URL opens; nothing for a viewer (no create or edit, shared-schema can()). */
export function dialogOf(search: PropertiesSearch, canWrite: boolean): PropertyDialog {
  if (!canWrite) return null;
  if (search.action === 'create') return { kind: 'create' };
  return search.edit ? { kind: 'edit', id: search.edit } : null;
}

/** Where a property card leads: the property's own page. */
export const propertyPath = (id: string) => `/imoveis/${id}`;
