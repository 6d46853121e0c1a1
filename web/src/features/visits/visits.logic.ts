import type { FollowUp, VisitPriceOpinion } from '@casa/shared-schema';
import { VISIT_TYPE } from '@casa/shared-schema/values';

/** A visit is a follow-up of type Visita (issue 20); it names its property (`propertyId`). */
export function isVisit(followUp: Pick<FollowUp, 'type'>): boolean {
  return followUp.type === VISIT_TYPE;
}

export type VisitStats = {
  count: number;
  /** Mean of the recorded interests, one decimal; null while no visit has feedback. */
  averageInterest: number | null;
  /** How many visits have an interest recorded. */
  rated: number;
};

/** A property's visit figures: how many visits, and the mean interest of those with feedback. */
export function visitStats(visits: ReadonlyArray<Pick<FollowUp, 'visitInterest'>>): VisitStats {
  const interests = visits
    .map((v) => v.visitInterest)
    .filter((i): i is number => typeof i === 'number' && i >= 1 && i <= 5);
  const sum = interests.reduce((a, b) => a + b, 0);
  return {
    count: visits.length,
    averageInterest: interests.length ? Math.round((sum / interests.length) * 10) / 10 : null,
    rated: interests.length,
  };
}

/** '4,3' (pt-PT decimal comma), '—' when there is no average. */
export function formatAverageInterest(average: number | null): string {
  return average === null ? '—' : average.toLocaleString('pt-PT', { maximumFractionDigits: 1 });
}

/** Feedback is offered once the visit is done or its time has come. */
export function canRecordFeedback(
  visit: Pick<FollowUp, 'completed' | 'scheduledDate'>,
  now: Date = new Date(),
): boolean {
  return visit.completed || Date.parse(visit.scheduledDate) <= now.getTime();
}

/** 'Visita CASA-000123 – Marta Reis'. */
export function visitTitle(reference: string, buyerName: string | null | undefined): string {
  return buyerName ? `Visita ${reference} – ${buyerName}` : `Visita ${reference}`;
}

export type FeedbackFormValues = {
  /** 0 or null: not chosen. */
  interest: number | null;
  priceOpinion: VisitPriceOpinion | '';
  comments: string;
};

export const EMPTY_FEEDBACK: FeedbackFormValues = { interest: null, priceOpinion: '', comments: '' };

export function feedbackToForm(
  visit: Partial<Pick<FollowUp, 'visitInterest' | 'visitPriceOpinion' | 'visitFeedback'>>,
) {
  return {
    interest: visit.visitInterest ?? null,
    priceOpinion: visit.visitPriceOpinion ?? '',
    comments: visit.visitFeedback ?? '',
  } satisfies FeedbackFormValues;
}

/** Whether the agent typed anything in the feedback fields (the completion's feedback is optional). */
export function feedbackTouched(values: FeedbackFormValues): boolean {
  return Boolean(values.interest || values.priceOpinion || values.comments.trim());
}

export type FeedbackArgs = {
  visitInterest: number;
  visitPriceOpinion: VisitPriceOpinion | null;
  visitFeedback: string | null;
};
