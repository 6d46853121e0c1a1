import type { Client } from '@casa/shared-schema';
import { normalizeForSearch } from '@casa/shared-schema/values';
import type { IndexedClient } from '../../data/client-search/client-index';

// The picker's rules, apart from its component: the search worker runs them (issue 19).

/** docs/product.md#clients: at most 10 client suggestions. */
export const CLIENT_SUGGESTION_LIMIT = 10;

/** Name, email or type holds the text (accent- and case-insensitive). */
export function clientMatchesPickerText(client: Pick<Client, 'name' | 'email' | 'type'>, text: string) {
  const q = normalizeForSearch(text);
  if (!q) return true;
  return [client.name, client.email, client.type].some((v) => normalizeForSearch(v).includes(q));
}

export function pickerSuggestions(
  entries: readonly IndexedClient[],
  text: string,
  limit = CLIENT_SUGGESTION_LIMIT,
) {
  const out: Client[] = [];
  for (const e of entries) {
    if (clientMatchesPickerText(e.client, text)) out.push(e.client);
    if (out.length >= limit) break;
  }
  return out;
}
