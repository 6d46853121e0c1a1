// A property's rules that need no schema, so no zod: the web app's start reads them through
// '@casa/shared-schema/values' (values.ts, docs/decisions.md); the index re-exports them too.
import { normalizeForSearch, SEARCH_FIELD_SEPARATOR } from '../text/normalize';

/** Text the search matches, accent- and case-insensitive: reference, title, street, concelho, freguesia. */
export function propertySearchText(p: {
  reference?: unknown;
  title?: unknown;
  street?: unknown;
  concelho?: unknown;
  freguesia?: unknown;
}): string {
  return [p.reference, p.title, p.street, p.concelho, p.freguesia]
    .map(normalizeForSearch)
    .join(SEARCH_FIELD_SEPARATOR);
}
