import { propertyListQuerySchema } from '@casa/shared-schema';
import {
  parsePropertiesRouteSearch,
  PROPERTY_TEXT_FILTERS,
  type PropertiesRouteSearch,
  type PropertiesSearch,
} from '../../app/route-search';

/**
 * /imoveis' filters narrowed to what the list query accepts (the API's own schema); any other value is
 * dropped so the screen only sees what it can act on. Here, in the screen's chunk, and not in the route:
 * the route parses at the app's start, which evaluates no zod (issue 19, docs/decisions.md).
 */
export function checkPropertiesSearch(search: PropertiesRouteSearch): PropertiesSearch {
  const checked: Record<string, unknown> = { ...search };
  for (const key of PROPERTY_TEXT_FILTERS) {
    const parsed = propertyListQuerySchema.shape[key].safeParse(search[key]);
    if (parsed.success && parsed.data !== undefined) checked[key] = parsed.data;
    else delete checked[key];
  }
  return checked as PropertiesSearch;
}

/** The URL's search object straight to checked filters (what the route and the screen do in two steps). */
export function parsePropertiesSearch(raw: Record<string, unknown>): PropertiesSearch {
  return checkPropertiesSearch(parsePropertiesRouteSearch(raw));
}
