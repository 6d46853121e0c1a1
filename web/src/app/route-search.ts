import type { PropertyListQuery } from '@casa/shared-schema';

/**
 * Query conventions of docs/product.md#shell, parsed from the router's search object. Unknown or malformed values are
 * dropped so a screen only ever sees what it can act on.
 */
export type SearchPageSearch = { q?: string };
export type ClientsSearch = { action?: 'create' | 'view'; id?: string; view?: string; edit?: string };
export type FollowUpsSearch = { action?: 'create'; edit?: string; client?: string };
/** /imoveis' filters the list query names (GET /api/properties), read from the URL as text. */
export const PROPERTY_TEXT_FILTERS = [
  'q',
  'business',
  'propertyType',
  'typology',
  'status',
  'concelho',
  'agentId',
] as const satisfies readonly (keyof PropertyListQuery)[];
type PropertyTextFilter = (typeof PROPERTY_TEXT_FILTERS)[number];
type PropertiesDialogAndPrices = { priceMin?: number; priceMax?: number; action?: 'create'; edit?: string };
/**
 * /imoveis as the route reads it: the text filters unchecked. The route parses its search at the app's start
 * (every navigation), where no zod is evaluated (issue 19, docs/decisions.md); the properties screen checks
 * the filters against the list query's schema in its own chunk (features/properties/properties-search.ts).
 */
export type PropertiesRouteSearch = Partial<Record<PropertyTextFilter, string>> & PropertiesDialogAndPrices;
/**
 * /imoveis: the list's filters (GET /api/properties' names; prices in euros, as typed) and the one form
 * dialog (?action=create or ?edit={id}), once checked.
 */
export type PropertiesSearch = Partial<Pick<PropertyListQuery, PropertyTextFilter>> &
  PropertiesDialogAndPrices;

type Raw = Record<string, unknown>;

function text(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed ? trimmed : undefined;
}

function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function parseSearchPageSearch(raw: Raw): SearchPageSearch {
  return compact({ q: text(raw.q) });
}

export function parseClientsSearch(raw: Raw): ClientsSearch {
  const action = raw.action === 'create' || raw.action === 'view' ? raw.action : undefined;
  return compact({
    action,
    id: action === 'view' ? text(raw.id) : undefined,
    view: text(raw.view),
    edit: text(raw.edit),
  });
}

/** Which client a /clients URL asks to open: ?action=view&id= or ?view= (docs/product.md#shell). */
export function clientToOpen(search: ClientsSearch): string | undefined {
  return search.action === 'view' ? search.id : search.view;
}

export function parseFollowUpsSearch(raw: Raw): FollowUpsSearch {
  return compact({
    action: raw.action === 'create' ? ('create' as const) : undefined,
    edit: text(raw.edit),
    client: text(raw.client),
  });
}

/** Euros as typed in a price filter ('250000', '250 000', '750,50'); anything else is dropped. */
export function euroAmount(value: unknown): number | undefined {
  const clean = text(value)?.replace(/[\s\u00a0\u202f€]/g, '');
  if (!clean || !/^\d{1,10}(?:[.,]\d{1,2})?$/.test(clean)) return undefined;
  return Number(clean.replace(',', '.'));
}

export function parsePropertiesRouteSearch(raw: Raw): PropertiesRouteSearch {
  const filters: PropertiesRouteSearch = {};
  for (const key of PROPERTY_TEXT_FILTERS) filters[key] = text(raw[key]);
  return compact({
    ...filters,
    priceMin: euroAmount(raw.priceMin),
    priceMax: euroAmount(raw.priceMax),
    action: raw.action === 'create' ? ('create' as const) : undefined,
    edit: text(raw.edit),
  });
}

/**
 * Header search (docs/product.md#shell): trimmed and URL-encoded; blank text does nothing (null). The router encodes
 * the search object itself, so navigation uses `{ q }`; this string form is what ends up in the address.
 */
export function searchHref(input: string): string | null {
  const q = input.trim();
  return q ? `/search?q=${encodeURIComponent(q)}` : null;
}
