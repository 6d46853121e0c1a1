import { z } from 'zod';
import { directionSchema, interactionResultSchema, interactionTypeSchema } from '../enums';
import { validationMessages as m } from '../messages';
import { lisbonDateTimeToIso } from '../format/dates';
import {
  blankToNull,
  optionalText,
  dateOnlySchema,
  isoDateTimeSchema,
  minutesSchema,
  syncColumns,
  uuidSchema,
} from '../primitives';

/** A follow-up date typed as a date ('YYYY-MM-DD') or a full ISO instant. */
const followUpDateSchema = z.union([dateOnlySchema, isoDateTimeSchema], { error: m.invalidDate });

export const interactionSchema = z.object({
  ...syncColumns,
  agentId: uuidSchema.nullable(),
  clientId: uuidSchema,
  type: interactionTypeSchema,
  direction: directionSchema,
  result: interactionResultSchema.nullable(),
  summary: z.string().nullable(),
  notes: z.string().nullable(),
  duration: z.number().int().nullable(),
  followUpRequired: z.boolean(),
  followUpDate: z.string().nullable(),
  relatedId: z.string().nullable(),
  createdBy: uuidSchema.nullable(),
});
export type Interaction = z.infer<typeof interactionSchema>;

const text = optionalText;

const interactionFields = {
  clientId: uuidSchema,
  type: z
    .string({ error: m.interactionTypeRequired })
    .min(1, { error: m.interactionTypeRequired })
    .pipe(interactionTypeSchema),
  direction: directionSchema,
  result: blankToNull(interactionResultSchema),
  summary: text(1000, 'multiline'),
  notes: text(10_000, 'multiline'),
  duration: minutesSchema.optional(),
  followUpRequired: z.boolean(),
  followUpDate: blankToNull(followUpDateSchema),
  relatedId: text(100),
};

/**
 * POST /api/clients/{id}/interactions and 'interaction.create'. organizationId, agentId and
 * createdBy are taken from the session; the server sets clientId from the path when absent.
 * Empty result, summary, notes, relatedId and followUpDate become null.
 */
export const interactionCreateSchema = z.object({
  id: uuidSchema.optional(),
  ...interactionFields,
  direction: directionSchema.default('outgoing'),
  followUpRequired: z.boolean().default(false),
});
export type InteractionCreate = z.infer<typeof interactionCreateSchema>;
export type InteractionCreateInput = z.input<typeof interactionCreateSchema>;

export const interactionUpdateSchema = z.object(interactionFields).omit({ clientId: true }).partial();
export type InteractionUpdate = z.infer<typeof interactionUpdateSchema>;

/** A follow-up date given without a time means this time of day, Lisbon time (docs/product.md#clients). */
export const INTERACTION_FOLLOW_UP_DEFAULT_TIME = '10:00';

/**
 * A new interaction's fields (no id, organization or sync columns) as the server and the device both
 * store them: the session's user is its agent and author, empty texts are null, a bare follow-up date
 * becomes 10:00 Lisbon time.
 */
export function newInteractionFields(clientId: string, input: InteractionCreate, by: { userId: string }) {
  const followUpDate =
    input.followUpDate && input.followUpDate.length === 10
      ? lisbonDateTimeToIso(input.followUpDate, INTERACTION_FOLLOW_UP_DEFAULT_TIME)
      : (input.followUpDate ?? null);
  return {
    clientId,
    agentId: by.userId,
    createdBy: by.userId,
    type: input.type,
    direction: input.direction,
    result: input.result ?? null,
    summary: input.summary ?? null,
    notes: input.notes ?? null,
    duration: input.duration ?? null,
    followUpRequired: input.followUpRequired,
    followUpDate,
    relatedId: input.relatedId ?? null,
  };
}
