import {
  CLIENT_TYPES,
  errorMessages,
  normalizeForSearch,
  tagNameKey,
  type ClientType,
  type Tag,
} from '@casa/shared-schema';
import { filterClients, type IndexedClient } from '../../data/client-index';

/** The type filter buttons of /clients (docs/product.md#clients): Todos, then every client type. */
export const TYPE_FILTERS: readonly { value: ClientType | null; label: string }[] = [
  { value: null, label: 'Todos' },
  ...CLIENT_TYPES.map((type) => ({ value: type, label: type })),
];

export type ClientListFilter = { q: string; type: ClientType | null };

export const isFiltering = (filter: ClientListFilter) => filter.q.trim() !== '' || filter.type !== null;

/** Search by name, email, phone or notes (the server's search semantics), then the type. */
export function visibleClients(entries: readonly IndexedClient[], filter: ClientListFilter): IndexedClient[] {
  if (!isFiltering(filter)) return entries as IndexedClient[];
  return filterClients(entries, { q: filter.q, type: filter.type });
}

/**
 * visibleClients that remembers its last answer: when the entries are the same, the type is kept (or one
 * is chosen where there was none) and the new query contains the previous one ('sil' → 'silv'), only the
 * previous matches can match, so only those are searched again (typing narrows a shrinking list).
 */
export function createClientNarrower() {
  let last: { entries: readonly IndexedClient[]; filter: ClientListFilter; result: IndexedClient[] } | null =
    null;
  return (entries: readonly IndexedClient[], filter: ClientListFilter): IndexedClient[] => {
    const narrows =
      last !== null &&
      last.entries === entries &&
      (last.filter.type === null || last.filter.type === filter.type) &&
      normalizeForSearch(filter.q).includes(normalizeForSearch(last.filter.q));
    const result =
      narrows && isFiltering(filter)
        ? filterClients(last!.result, { q: filter.q, type: filter.type })
        : visibleClients(entries, filter);
    last = { entries, filter, result };
    return result;
  };
}

/** 'N cliente(s) encontrado(s)'. */
export const foundText = (count: number) => `${count} cliente(s) encontrado(s)`;

/** The two empty states; the create button only when the list is empty for lack of clients. */
export function emptyStateOf(filter: ClientListFilter): {
  title: string;
  hint: string;
  offerCreate: boolean;
} {
  return isFiltering(filter)
    ? { title: errorMessages.noClientsFound, hint: errorMessages.adjustSearchFilters, offerCreate: false }
    : { title: errorMessages.noClientsYet, hint: errorMessages.createFirstClientHint, offerCreate: true };
}

/** Cards list tag names (clients.tags); their colours come from the tags table, matched case-insensitively. */
export function tagColorsByName(tags: readonly Pick<Tag, 'name' | 'color'>[]): Map<string, string> {
  return new Map(tags.map((t) => [tagNameKey(t.name), t.color]));
}

/** How many rows of `columns` cards the virtual list has for `count` items. */
export const rowCount = (count: number, columns: number) => Math.ceil(count / columns);

/** The items of one row (row × columns onwards): only the rows the virtualizer renders are cut. */
export function rowItems<T>(items: readonly T[], columns: number, row: number): readonly T[] {
  return items.slice(row * columns, (row + 1) * columns);
}
