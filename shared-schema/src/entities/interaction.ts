import { z } from 'zod';
import { directionSchema, interactionResultSchema, interactionTypeSchema } from '../enums';
import { validationMessages as m } from '../messages';
import {
  blankToNull,
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

const text = (max: number) => blankToNull(z.string().trim().max(max, { error: m.textTooLong }));

const interactionFields = {
  clientId: uuidSchema,
  type: z
    .string({ error: m.interactionTypeRequired })
    .min(1, { error: m.interactionTypeRequired })
    .pipe(interactionTypeSchema),
  direction: directionSchema,
  result: blankToNull(interactionResultSchema),
  summary: text(1000),
  notes: text(10_000),
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
