import { z } from 'zod';
import { coldCallCreateSchema } from '../entities/cold-call';
import { followUpTypeSchema } from '../enums';
import { validationMessages as m } from '../messages';
import { blankToNull, isoDateTimeSchema, uuidSchema } from '../primitives';

/** The follow-up a call may schedule at once ('Agendar Follow-up'); the 10:00 Lisbon default is the client's. */
export const coldCallFollowUpSchema = z.object({
  id: uuidSchema.optional(),
  scheduledDate: z
    .string({ error: m.followUpDateRequired })
    .min(1, { error: m.followUpDateRequired })
    .pipe(isoDateTimeSchema),
  type: followUpTypeSchema.optional(),
  title: blankToNull(z.string().trim().max(200, { error: m.textTooLong })),
});
export type ColdCallFollowUp = z.infer<typeof coldCallFollowUpSchema>;

/**
 * POST /api/coldcalls and 'coldCall.create' (spec 2 §7, the marathon payload of spec 1 §7). A client is
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
