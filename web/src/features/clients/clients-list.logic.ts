import type { ClientType, Tag } from '@casa/shared-schema';
import { CLIENT_TYPES, errorMessages, tagNameKey } from '@casa/shared-schema/values';

/** The type filter buttons of /clients (docs/product.md#clients): Todos, then every client type. */
export const TYPE_FILTERS: readonly { value: ClientType | null; label: string }[] = [
  { value: null, label: 'Todos' },
  ...CLIENT_TYPES.map((type) => ({ value: type, label: type })),
];

export type ClientListFilter = { q: string; type: ClientType | null };

export const isFiltering = (filter: ClientListFilter) => filter.q.trim() !== '' || filter.type !== null;

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

/**
 * The slots of one row of a list `length` long of which only the first `ids` are known (before the index
 * is built: the first page, while the count is the replica's): a slot past them is null (a placeholder),
 * so the list is as long as its count and keeps its scroll position when every id arrives.
 */
export function rowSlots(
  ids: readonly string[],
  length: number,
  columns: number,
  row: number,
): (string | null)[] {
  const slots: (string | null)[] = [];
  for (let i = row * columns; i < Math.min(length, (row + 1) * columns); i += 1) slots.push(ids[i] ?? null);
  return slots;
}
