import type { NextFollowUpType } from '@casa/shared-schema';
import {
  DEFAULT_NEXT_FOLLOW_UP_TYPE,
  lisbonDateTimeToIso,
  validationMessages,
} from '@casa/shared-schema/values';

export type CompletionFormValues = {
  comment: string;
  scheduleNext: boolean;
  nextType: NextFollowUpType;
  nextDate: string;
  nextTime: string;
  nextTitle: string;
};

export const EMPTY_COMPLETION: CompletionFormValues = {
  comment: '',
  scheduleNext: false,
  nextType: DEFAULT_NEXT_FOLLOW_UP_TYPE,
  nextDate: '',
  nextTime: '',
  nextTitle: '',
};

export type CompletionArgs = {
  id: string;
  completionComment: string | null;
  nextFollowUp: { type: NextFollowUpType; title: string | null; scheduledDate: string } | null;
};

/**
 * The completeFollowUp args of the dialog (docs/product.md#follow-ups), or the message of a next follow-up without its
 * date and time (entered in Lisbon time).
 */
export function completionArgs(
  id: string,
  values: CompletionFormValues,
): { ok: true; args: CompletionArgs } | { ok: false; error: string } {
  const comment = values.comment.trim();
  if (!values.scheduleNext)
    return { ok: true, args: { id, completionComment: comment || null, nextFollowUp: null } };
  const scheduledDate = lisbonDateTimeToIso(values.nextDate, values.nextTime);
  if (!scheduledDate) return { ok: false, error: validationMessages.nextFollowUpDateRequired };
  return {
    ok: true,
    args: {
      id,
      completionComment: comment || null,
      nextFollowUp: { type: values.nextType, title: values.nextTitle.trim() || null, scheduledDate },
    },
  };
}
