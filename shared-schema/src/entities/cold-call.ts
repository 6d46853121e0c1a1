import { z } from 'zod';
import { callResultSchema } from '../enums';
import { validationMessages as m } from '../messages';
import {
  blankToNull,
  optionalText,
  hhmmSchema,
  isoDateTimeSchema,
  minutesSchema,
  syncColumns,
  uuidSchema,
} from '../primitives';

export const DEFAULT_CALL_FOLLOW_UP_TIME = '10:00';

export const coldCallSchema = z.object({
  ...syncColumns,
  agentId: uuidSchema.nullable(),
  clientId: uuidSchema.nullable(),
  campaignId: uuidSchema.nullable(),
  phoneNumber: z.string().nullable(),
  result: callResultSchema.nullable(),
  notes: z.string().nullable(),
  duration: z.number().int().min(0),
  followUpNeeded: z.boolean(),
  createdBy: uuidSchema.nullable(),
  calledAt: isoDateTimeSchema,
});
export type ColdCall = z.infer<typeof coldCallSchema>;

const text = optionalText;

const coldCallFields = {
  clientId: uuidSchema.nullable(),
  campaignId: blankToNull(uuidSchema),
  phoneNumber: text(40),
  result: blankToNull(callResultSchema),
  notes: text(10_000, 'multiline'),
  duration: minutesSchema.optional(),
  followUpNeeded: z.boolean(),
};

/**
 * POST /api/coldcalls and 'coldCall.create'. calledAt, organizationId, agentId, createdBy and
 * timestamps are server-set; result, notes, duration and campaignId may be null or absent.
 */
export const coldCallCreateSchema = z.object({
  id: uuidSchema.optional(),
  ...coldCallFields,
  clientId: uuidSchema.nullable().optional(),
  followUpNeeded: z.boolean().default(false),
});
export type ColdCallCreate = z.infer<typeof coldCallCreateSchema>;

export const coldCallUpdateSchema = z.object(coldCallFields).partial();
export type ColdCallUpdate = z.infer<typeof coldCallUpdateSchema>;

/** The call-log dialog: a result is required; follow-up time defaults to 10:00, duration to 0. */
export const callLogFormSchema = z.object({
  result: z
    .string({ error: m.callResultRequired })
    .min(1, { error: m.callResultRequired })
    .pipe(callResultSchema),
  notes: text(10_000, 'multiline'),
  duration: minutesSchema.transform((v) => v ?? 0).default(0),
  scheduleFollowUp: z.boolean().default(false),
  followUpTime: hhmmSchema.default(DEFAULT_CALL_FOLLOW_UP_TIME),
});
export type CallLogForm = z.infer<typeof callLogFormSchema>;
