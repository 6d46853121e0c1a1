import { z } from 'zod';
import { clientMatchesCampaignFilters, type CampaignFilters } from '../entities/campaign';
import { coldCallCreateSchema } from '../entities/cold-call';
import { lisbonDaysSinceCounter } from '../format/dates';
import { followUpTypeSchema } from '../enums';
import { validationMessages as m } from '../messages';
import { isoDateTimeSchema, optionalText, uuidSchema } from '../primitives';

/** The follow-up a call may schedule at once ('Agendar Follow-up'); the 10:00 Lisbon default is the client's. */
export const coldCallFollowUpSchema = z.object({
  id: uuidSchema.optional(),
  scheduledDate: z
    .string({ error: m.followUpDateRequired })
    .min(1, { error: m.followUpDateRequired })
    .pipe(isoDateTimeSchema),
  type: followUpTypeSchema.optional(),
  title: optionalText(200),
});
export type ColdCallFollowUp = z.infer<typeof coldCallFollowUpSchema>;

/**
 * POST /api/coldcalls and 'coldCall.create' (docs/product.md#cold-calls, the marathon payload of docs/product.md#cold-calls). A client is
 * required; followUpNeeded, when absent, is true for Interessado and Agendar Follow-up. calledAt,
 * organization, agent and createdBy are server-set.
 */
export const coldCallLogSchema = coldCallCreateSchema.extend({
  clientId: z
    .string({ error: m.followUpClientRequired })
    .min(1, { error: m.followUpClientRequired })
    .pipe(uuidSchema),
  followUpNeeded: z.boolean().optional(),
  followUp: coldCallFollowUpSchema.nullable().optional(),
});
export type ColdCallLog = z.infer<typeof coldCallLogSchema>;

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
