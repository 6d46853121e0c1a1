import { z } from 'zod';
import {
  FOLLOW_UP_TYPES,
  followUpCreateSchema,
  followUpUpdateSchema,
  formatTime,
  lisbonDateString,
  lisbonDateTimeToIso,
  type FollowUp,
} from '@casa/shared-schema';

/**
 * The follow-up form's fields: the date and the time are Lisbon wall-clock values (the product's time zone,
 * whatever the device's), joined into the ISO `scheduledDate` only when saving.
 */
export type FollowUpFormValues = {
  clientId: string;
  type: string;
  title: string;
  date: string;
  time: string;
  description: string;
  notes: string;
};

export type FollowUpPayload = {
  clientId: string;
  type: string;
  title: string;
  scheduledDate: string;
  description: string | null;
  notes: string | null;
};

export const DEFAULT_FOLLOW_UP_TYPE = FOLLOW_UP_TYPES[0];

export function emptyFollowUpForm(clientId?: string | null): FollowUpFormValues {
  return {
    clientId: clientId ?? '',
    type: DEFAULT_FOLLOW_UP_TYPE,
    title: '',
    date: '',
    time: '',
    description: '',
    notes: '',
  };
}

export function followUpToForm(followUp: FollowUp): FollowUpFormValues {
  return {
    clientId: followUp.clientId,
    type: followUp.type,
    title: followUp.title,
    date: lisbonDateString(followUp.scheduledDate),
    time: formatTime(followUp.scheduledDate),
    description: followUp.description ?? '',
    notes: followUp.notes ?? '',
  };
}

const blankToNull = (value: string) => (value.trim() ? value.trim() : null);

/** What the create and update mutations receive ('' for a missing date-time: the schema's own message). */
export function formToFollowUpPayload(values: FollowUpFormValues): FollowUpPayload {
  return {
    clientId: values.clientId,
    type: values.type,
    title: values.title.trim(),
    scheduledDate: lisbonDateTimeToIso(values.date, values.time) ?? '',
    description: blankToNull(values.description),
    notes: blankToNull(values.notes),
  };
}

const formShape = z.object({
  clientId: z.string(),
  type: z.string(),
  title: z.string(),
  date: z.string(),
  time: z.string(),
  description: z.string(),
  notes: z.string(),
});

/**
 * The form's resolver schema: the shared create or update schema run over the payload, its messages
 * carried back to the form's fields (scheduledDate → the date field).
 */
export function followUpFormSchema(mode: 'create' | 'edit') {
  const shared = mode === 'create' ? followUpCreateSchema : followUpUpdateSchema;
  return formShape.superRefine((values, ctx) => {
    const result = shared.safeParse(formToFollowUpPayload(values));
    if (result.success) return;
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? 'title');
      ctx.addIssue({
        code: 'custom',
        message: issue.message,
        path: [key === 'scheduledDate' ? 'date' : key],
      });
    }
  });
}

/** The type options: the form's list, plus a next-follow-up type (e.g. Proposta) an existing one may have. */
export function followUpTypeOptions(current?: string): string[] {
  const base: string[] = [...FOLLOW_UP_TYPES];
  return current && !base.includes(current) ? [...base, current] : base;
}
