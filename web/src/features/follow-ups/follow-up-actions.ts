import { useCallback } from 'react';
import { errorMessages, rejectionMessage } from '@casa/shared-schema/values';
import type { Mutators } from '../../data/mutators';
import { useSyncClient } from '../../data/sync-provider';
import { useToast } from '../../ui/toast-provider';
import type { CompletionArgs } from './complete-follow-up.logic';
import type { FollowUpPayload } from './follow-up-form.logic';
import type { FeedbackArgs } from '../visits/visits.logic';

/**
 * The follow-up writes with the toasts of docs/product.md#follow-ups. Each resolves true when the write is stored
 * (locally, queued for the server), false after showing the error toast.
 */
export function useFollowUpActions() {
  const sync = useSyncClient();
  const toast = useToast();

  const attempt = useCallback(
    async (write: (mutate: Mutators) => Promise<unknown>, success: string, failure: string) => {
      try {
        if (!sync) throw new Error('replica not open');
        await write(sync.mutate);
        toast({ title: success, variant: 'success' });
        return true;
      } catch (error) {
        toast({
          title: failure,
          description: rejectionMessage(error, errorMessages.unknownError),
          variant: 'destructive',
        });
        return false;
      }
    },
    [sync, toast],
  );

  return {
    create: (payload: FollowUpPayload) =>
      attempt(
        (m) => m.createFollowUp(payload),
        errorMessages.followUpCreated,
        errorMessages.followUpCreateFailed,
      ),
    update: (id: string, payload: FollowUpPayload) =>
      attempt(
        (m) => m.updateFollowUp({ id, ...payload }),
        errorMessages.followUpUpdated,
        errorMessages.followUpUpdateFailed,
      ),
    remove: (id: string) =>
      attempt(
        (m) => m.deleteFollowUp({ id }),
        errorMessages.followUpDeleted,
        errorMessages.followUpDeleteFailed,
      ),
    complete: (args: CompletionArgs) =>
      attempt(
        (m) => m.completeFollowUp(args),
        args.nextFollowUp ? errorMessages.followUpCompletedAndNext : errorMessages.followUpCompleted,
        errorMessages.followUpCompleteFailed,
      ),
    /** A Visita completed with its feedback: two queued writes, the completion first (docs/decisions.md). */
    completeVisit: (args: CompletionArgs, feedback: FeedbackArgs) =>
      attempt(
        async (m) => {
          await m.completeFollowUp(args);
          await m.recordVisitFeedback({ id: args.id, ...feedback });
        },
        args.nextFollowUp ? errorMessages.followUpCompletedAndNext : errorMessages.followUpCompleted,
        errorMessages.followUpCompleteFailed,
      ),
  };
}
