import { clientSearchText, type SearchableClient } from '@casa/shared-schema';

/**
 * The value every write of a client must store in `clients.search_text` (snake_case column):
 * `search_text: clientSearchText(client, tagNames)` where `client` holds the row's name, email, phone,
 * notes and customFields AFTER the write and `tagNames` its tag names. Re-exported here so the clients
 * domain, the CSV import and the seed all use one definition.
 */
export { clientSearchText };
export type { SearchableClient };

/** `{ search_text }` for a camelCase client and its tag names, ready to spread into a db row. */
export function searchTextColumn(client: SearchableClient, tagNames: readonly string[] = []) {
  return { search_text: clientSearchText(client, tagNames) };
}
