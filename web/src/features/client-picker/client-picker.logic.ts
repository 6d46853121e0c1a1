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

/**
 * Whether a text the person typed keeps the choice: only when a choice is made and its client, known, still
 * matches the text. A choice whose row has not come from the replica yet (just picked, or set by the form
 * before its row loaded) is dropped by typing: the text no longer shows it, and a form must never be saved
 * with a client other than the one its field shows.
 */
export function typingKeepsChoice(
  value: string | null,
  chosen: Pick<Client, 'id' | 'name' | 'email' | 'type'> | null,
  text: string,
): boolean {
  return value !== null && chosen?.id === value && clientMatchesPickerText(chosen, text);
}
