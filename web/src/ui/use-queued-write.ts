import { useState } from 'react';
import { errorMessages, rejectionMessage } from '@casa/shared-schema/values';
import { useToast } from './toast-provider';

/**
 * A form's write to the replica (a shared mutator queued in the outbox): `saving` while it runs, the
 * success toast when it is made, the failure title with the refusal's pt-PT message when not. Answers
 * whether it was made, so the form closes only then.
 */
export function useQueuedWrite() {
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const run = async (write: () => Promise<unknown>, texts: { done: string; failed: string }) => {
    setSaving(true);
    try {
      await write();
      toast({ title: texts.done, variant: 'success' });
      return true;
    } catch (error) {
      toast({
        title: texts.failed,
        description: rejectionMessage(error, errorMessages.unknownError),
        variant: 'destructive',
      });
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { saving, run };
}
