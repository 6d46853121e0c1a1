const ASCII = /^[^\u0080-\uffff]*$/;
const SPACE_OR_CONTROL = /[\s\p{Cc}]+/gu;
const MARKS = /\p{M}/gu;

/**
 * Search normalisation shared by the server and the web replica so both search alike:
 * accents removed (NFD, combining marks dropped), lower-case, control characters and runs of
 * white space turned into one space, trimmed. 'JOÃO  Conceição' → 'joao conceicao'.
 */
export function normalizeForSearch(text: unknown): string {
  if (text === null || text === undefined) return '';
  const value = String(text);
  // ASCII text (emails, phones, most names) has nothing for NFD to split: only case and spaces change.
  // Lower-casing may bring marks back ('İ' → 'i̇'), hence the second pass, also skipped once ASCII.
  if (ASCII.test(value)) return value.toLowerCase().replace(SPACE_OR_CONTROL, ' ').trim();
  const lower = value.normalize('NFD').replace(MARKS, '').toLowerCase();
  const bare = ASCII.test(lower) ? lower : lower.normalize('NFD').replace(MARKS, '');
  return bare.replace(SPACE_OR_CONTROL, ' ').trim();
}

/** Separates the fields of `clients.search_text` (a query can never contain it). */
export const SEARCH_FIELD_SEPARATOR = '\u001f';
/** Separates the text part (name, email, phone, notes, tags) from the zone part of `search_text`. */
export const SEARCH_PART_SEPARATOR = '\u001e';

/** Custom fields the zone filter looks at (docs/product.md#cold-calls: zone, location or preferredZones). */
export const ZONE_FIELDS = ['zone', 'location', 'preferredZones'] as const;

export type SearchableClient = {
  name?: unknown;
  email?: unknown;
  phone?: unknown;
  notes?: unknown;
  customFields?: unknown;
};

/** The digits of a phone number, so '912345678' finds '+351 912 345 678'. */
export function phoneDigits(phone: unknown): string {
  return typeof phone === 'string' ? phone.replace(/\D/g, '') : '';
}

/** The text fields a free-text query matches: name, email, phone (as written and as digits), notes, tags. */
export function clientTextFields(client: SearchableClient, tagNames: readonly string[]): string[] {
  return [client.name, client.email, client.phone, phoneDigits(client.phone), client.notes, ...tagNames].map(
    normalizeForSearch,
  );
}

/** The normalised zone/location/preferredZones values of a client's custom fields. */
export function clientZoneFields(client: SearchableClient): string[] {
  const fields =
    client.customFields && typeof client.customFields === 'object'
      ? (client.customFields as Record<string, unknown>)
      : {};
  return ZONE_FIELDS.map((k) => (typeof fields[k] === 'string' ? normalizeForSearch(fields[k]) : ''));
}

/**
 * The value of `clients.search_text`: the normalised text fields joined by U+001F, then U+001E, then
 * the normalised zone fields joined by U+001F. It starts with the normalised name, so ordering by it
 * orders by name without accents or case. Every write of a client (or of its tags) must recompute it.
 */
export function clientSearchText(client: SearchableClient, tagNames: readonly string[] = []): string {
  return (
    clientTextFields(client, tagNames).join(SEARCH_FIELD_SEPARATOR) +
    SEARCH_PART_SEPARATOR +
    clientZoneFields(client).join(SEARCH_FIELD_SEPARATOR)
  );
}
