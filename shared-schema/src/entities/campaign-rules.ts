// A campaign's rules that need no schema, so no zod: the web app's start reads them through
// '@casa/shared-schema/values' (values.ts, docs/decisions.md); the index re-exports them too.
import { lisbonDaysSinceCounter } from '../format/dates';
import type { CampaignFilters } from './campaign';

export const DEFAULT_CAMPAIGN_TARGET = 20;

export type FilterableClient = {
  type: string;
  rating?: number | null;
  phone?: string | null;
  customFields?: Record<string, unknown> | null;
};

function numberOf(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/**
 * The list generator's matching rule (docs/product.md#cold-calls), shared by the server (auto-adding clients) and
 * the preview. Only clients with a non-empty phone qualify. daysSinceLastContact null = never.
 */
export function clientMatchesCampaignFilters(
  client: FilterableClient,
  filters: CampaignFilters,
  daysSinceLastContact: number | null = null,
): boolean {
  if (!client.phone || client.phone.trim() === '') return false;
  if (filters.clientType && client.type !== filters.clientType) return false;
  if (filters.minRating != null && (client.rating ?? 0) < filters.minRating) return false;
  const cf = client.customFields ?? {};
  if (filters.zone) {
    const needle = filters.zone.toLocaleLowerCase('pt-PT');
    const hay = [cf.zone, cf.location, cf.preferredZones].filter((v): v is string => typeof v === 'string');
    if (!hay.some((h) => h.toLocaleLowerCase('pt-PT').includes(needle))) return false;
  }
  if (filters.minBudget != null || filters.maxBudget != null) {
    const budget = numberOf(cf.budget) ?? numberOf(cf.propertyValue);
    if (budget === null) return false;
    if (filters.minBudget != null && budget < filters.minBudget) return false;
    if (filters.maxBudget != null && budget > filters.maxBudget) return false;
  }
  if (filters.lastContactDays != null && daysSinceLastContact !== null) {
    if (daysSinceLastContact <= filters.lastContactDays) return false;
  }
  return true;
}

/** How the list generator orders the matching clients before the targetCount cap (see docs/decisions.md). */
export function compareCampaignCandidates(
  a: { id: string; daysSinceLastContact: number | null },
  b: { id: string; daysSinceLastContact: number | null },
): number {
  const da = a.daysSinceLastContact ?? Number.POSITIVE_INFINITY;
  const db = b.daysSinceLastContact ?? Number.POSITIVE_INFINITY;
  if (da !== db) return da > db ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The list generator's members (as the server's createCampaign, shared-schema mutators): the clients matching `filters`
 * (`clientMatchesCampaignFilters`, with the days since their last contact on the Lisbon calendar),
 * ordered by `compareCampaignCandidates` and capped at `limit`. `lastContactOf` answers a client's
 * latest interaction or cold call (ISO), or null/undefined when never contacted.
 */
export function rankCampaignCandidates<
  C extends {
    id: string;
    type: string;
    rating?: number | null;
    phone?: string | null;
    customFields?: Record<string, unknown> | null;
  },
>(
  clients: Iterable<C>,
  filters: CampaignFilters,
  lastContactOf: (clientId: string) => string | null | undefined,
  now: string | Date,
  limit = Number.POSITIVE_INFINITY,
): { client: C; id: string; daysSinceLastContact: number | null; lastContactDate: string | null }[] {
  const out: {
    client: C;
    id: string;
    daysSinceLastContact: number | null;
    lastContactDate: string | null;
  }[] = [];
  const daysSince = lisbonDaysSinceCounter(now);
  for (const client of clients) {
    const lastContactDate = lastContactOf(client.id) ?? null;
    const daysSinceLastContact = lastContactDate ? daysSince(lastContactDate) : null;
    if (clientMatchesCampaignFilters(client, filters, daysSinceLastContact)) {
      out.push({ client, id: client.id, daysSinceLastContact, lastContactDate });
    }
  }
  out.sort(compareCampaignCandidates);
  return out.slice(0, limit);
}
