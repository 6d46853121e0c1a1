// The visit forms' args, read by the shared schemas (zod): these load with their dialogs, not with the
// screens that list visits (docs/decisions.md).
import { fieldErrorsOf, followUpCreateSchema, visitFeedbackBodySchema } from '@casa/shared-schema';
import { lisbonDateTimeToIso, VISIT_TYPE } from '@casa/shared-schema/values';
import { visitTitle, type FeedbackArgs, type FeedbackFormValues } from './visits.logic';

/** The recordVisitFeedback args of the form, or the shared schema's pt-PT messages by field. */
export function feedbackArgs(
  values: FeedbackFormValues,
): { ok: true; args: FeedbackArgs } | { ok: false; errors: Record<string, string> } {
  const result = visitFeedbackBodySchema.safeParse({
    visitInterest: values.interest || undefined,
    visitPriceOpinion: values.priceOpinion || null,
    visitFeedback: values.comments,
  });
  if (!result.success) return { ok: false, errors: fieldErrorsOf(result.error) };
  const { visitInterest, visitPriceOpinion, visitFeedback } = result.data;
  return {
    ok: true,
    args: {
      visitInterest,
      visitPriceOpinion: visitPriceOpinion ?? null,
      visitFeedback: visitFeedback ?? null,
    },
  };
}

export type ScheduleFormValues = { clientId: string; date: string; time: string; notes: string };

/**
 * The createFollowUp args of a new visit (type Visita, the property's reference and the buyer in the
 * title), or the shared schema's pt-PT messages by form field (scheduledDate → date).
 */
export function scheduleVisitArgs(
  values: ScheduleFormValues,
  property: { id: string; reference: string },
  buyerName: string | null | undefined,
) {
  const result = followUpCreateSchema.safeParse({
    clientId: values.clientId,
    propertyId: property.id,
    type: VISIT_TYPE,
    title: visitTitle(property.reference, buyerName),
    scheduledDate: lisbonDateTimeToIso(values.date, values.time) ?? '',
    notes: values.notes,
  });
  if (result.success) {
    const { completed: _c, ...args } = result.data;
    return { ok: true as const, args };
  }
  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(fieldErrorsOf(result.error))) {
    errors[key === 'scheduledDate' ? 'date' : key] ??= message;
  }
  return { ok: false as const, errors };
}
