import { z } from 'zod';
import { coldCallCreateSchema } from '../entities/cold-call';
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
