import { z } from 'zod';
import {
  DEFAULT_NEXT_FOLLOW_UP_TYPE,
  followUpTypeSchema,
  nextFollowUpTypeSchema,
  visitPriceOpinionSchema,
} from '../enums';
import { validationMessages as m } from '../messages';
import {
  blankToNull,
  boundedJson,
  FLAT_JSON_LIMITS,
  isoDateTimeSchema,
  optionalText,
  safeString,
  syncColumns,
  uuidSchema,
} from '../primitives';

export const FOLLOW_UP_REMINDER_MINUTES = 30;

export const followUpSchema = z.object({
  ...syncColumns,
  agentId: uuidSchema.nullable(),
  clientId: uuidSchema,
  title: z.string(),
  description: z.string().nullable(),
  type: followUpTypeSchema,
  scheduledDate: isoDateTimeSchema,
  completed: z.boolean(),
  completedAt: isoDateTimeSchema.nullable(),
  completionComment: z.string().nullable(),
  notes: z.string().nullable(),
  priority: z.string().nullable().optional(),
  status: z.string().nullable().optional(),
  reminderSentAt: isoDateTimeSchema.nullable().optional(),
  createdBy: uuidSchema.nullable(),
  // Optional: rows a device pulled before migration 110 lack them until pulled again (null alike).
  /** The property it is about (a visit's property); any type may name one, a Visita usually does. */
  propertyId: uuidSchema.nullable().optional(),
  /** A visit's feedback (recordVisitFeedback): the buyer's interest 1–5, price opinion, comments. */
  visitInterest: z.number().int().nullable().optional(),
  visitPriceOpinion: visitPriceOpinionSchema.nullable().optional(),
  visitFeedback: z.string().nullable().optional(),
});
export type FollowUp = z.infer<typeof followUpSchema>;

const text = optionalText;

const followUpFields = {
  clientId: z
    .string({ error: m.followUpClientRequired })
    .min(1, { error: m.followUpClientRequired })
    .pipe(uuidSchema),
  title: safeString({ error: m.followUpTitleRequired })
    .trim()
    .min(1, { error: m.followUpTitleRequired })
    .max(200, { error: m.textTooLong }),
  description: text(5000, 'multiline'),
  type: followUpTypeSchema,
  scheduledDate: z
    .string({ error: m.followUpDateRequired })
    .min(1, { error: m.followUpDateRequired })
    .pipe(isoDateTimeSchema),
  completed: z.boolean(),
  notes: text(5000, 'multiline'),
  priority: text(50),
  status: text(50),
  /** Must be a live property of the organization (404 'Imóvel não encontrado' otherwise). */
  propertyId: blankToNull(uuidSchema),
};

/**
 * POST /api/followups and 'followUp.create'. organizationId, agentId, completedAt and timestamps
 * are server-set (an organizationId in the payload is dropped).
 */
export const followUpCreateSchema = z.object({
  id: uuidSchema.optional(),
  ...followUpFields,
  completed: z.boolean().default(false),
});
export type FollowUpCreate = z.infer<typeof followUpCreateSchema>;

export const followUpUpdateSchema = z.object(followUpFields).partial();
export type FollowUpUpdate = z.infer<typeof followUpUpdateSchema>;

const nextFollowUpSchema = z.object({
  /** Client-generated on an offline device, so the replica's row keeps its id after the sync. */
  id: uuidSchema.optional(),
  type: nextFollowUpTypeSchema.default(DEFAULT_NEXT_FOLLOW_UP_TYPE),
  title: text(200),
  scheduledDate: z
    .string({ error: m.nextFollowUpDateRequired })
    .min(1, { error: m.nextFollowUpDateRequired })
    .pipe(isoDateTimeSchema),
});

/** PUT /api/followups/complete and 'followUp.complete'. */
export const followUpCompleteSchema = z.object({
  id: uuidSchema,
  completionComment: text(5000, 'multiline'),
  nextFollowUp: boundedJson(nextFollowUpSchema.nullable().optional(), FLAT_JSON_LIMITS),
});
export type FollowUpComplete = z.infer<typeof followUpCompleteSchema>;

/** PUT /api/followups/{id}/complete: same, the id coming from the path. */
export const followUpCompleteBodySchema = followUpCompleteSchema.omit({ id: true });

/** A visit's interest: a whole 1 to 5 (the stars of the feedback dialog). */
export const visitInterestSchema = z
  .number({ error: m.visitInterestRequired })
  .int({ error: m.visitInterestRange })
  .min(1, { error: m.visitInterestRange })
  .max(5, { error: m.visitInterestRange });

/** PUT /api/followups/{id}/visit-feedback: the feedback of a Visita, the id coming from the path. */
export const visitFeedbackBodySchema = z.object({
  visitInterest: visitInterestSchema,
  visitPriceOpinion: blankToNull(visitPriceOpinionSchema),
  visitFeedback: text(5000, 'multiline'),
});
/** 'recordVisitFeedback': the same with the visit's id. */
export const visitFeedbackSchema = visitFeedbackBodySchema.extend({ id: uuidSchema });
export type VisitFeedback = z.infer<typeof visitFeedbackSchema>;

export type NewFollowUpInput = {
  clientId: string;
  title: string;
  type: string;
  scheduledDate: string;
  description?: string | null;
  notes?: string | null;
  priority?: string | null;
  status?: string | null;
  completed?: boolean;
  propertyId?: string | null;
};

/**
 * A new follow-up's fields (no id, organization or sync columns) as the server and the device both store
 * them: the session's user is its agent and author; one created completed is completed `now`.
 */
export function newFollowUpFields(input: NewFollowUpInput, by: { userId: string; now: string }) {
  const completed = input.completed ?? false;
  return {
    clientId: input.clientId,
    title: input.title,
    description: input.description ?? null,
    type: input.type,
    scheduledDate: input.scheduledDate,
    completed,
    completedAt: completed ? by.now : null,
    completionComment: null,
    notes: input.notes ?? null,
    priority: input.priority ?? null,
    status: input.status ?? null,
    reminderSentAt: null,
    agentId: by.userId,
    createdBy: by.userId,
    propertyId: input.propertyId ?? null,
    visitInterest: null,
    visitPriceOpinion: null,
    visitFeedback: null,
  };
}
