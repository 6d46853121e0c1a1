import { propertyListQuerySchema, type PropertyListQuery } from '@casa/shared-schema';

/**
 * Query conventions of docs/product.md#shell, parsed from the router's search object. Unknown or malformed values are
 * dropped so a screen only ever sees what it can act on.
 */
export type SearchPageSearch = { q?: string };
export type ClientsSearch = { action?: 'create' | 'view'; id?: string; view?: string; edit?: string };
export type FollowUpsSearch = { action?: 'create'; edit?: string; client?: string };
/**
 * /imoveis: the list's filters (GET /api/properties' names; prices in euros, as typed) and the one form
 * dialog (?action=create or ?edit={id}).
 */
export type PropertiesSearch = Partial<
  Pick<PropertyListQuery, 'q' | 'business' | 'propertyType' | 'typology' | 'status' | 'concelho' | 'agentId'>
> & { priceMin?: number; priceMax?: number; action?: 'create'; edit?: string };

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

/** A value the list query accepts for `key` (the API's own schema), else undefined. */
function listParam<K extends keyof PropertyListQuery>(
  key: K,
  value: unknown,
): PropertyListQuery[K] | undefined {
  const parsed = propertyListQuerySchema.shape[key].safeParse(text(value));
  return parsed.success ? (parsed.data as PropertyListQuery[K]) : undefined;
}

/** Euros as typed in a price filter ('250000', '250 000', '750,50'); anything else is dropped. */
export function euroAmount(value: unknown): number | undefined {
  const clean = text(value)?.replace(/[\s\u00a0\u202f€]/g, '');
  if (!clean || !/^\d{1,10}(?:[.,]\d{1,2})?$/.test(clean)) return undefined;
  return Number(clean.replace(',', '.'));
}

export function parsePropertiesSearch(raw: Raw): PropertiesSearch {
  return compact({
    q: listParam('q', raw.q),
    business: listParam('business', raw.business),
    propertyType: listParam('propertyType', raw.propertyType),
    typology: listParam('typology', raw.typology),
    status: listParam('status', raw.status),
    concelho: listParam('concelho', raw.concelho),
    agentId: listParam('agentId', raw.agentId),
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
