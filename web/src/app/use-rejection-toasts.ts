import { useEffect, useRef } from 'react';
import { useToast } from '../ui/toast-provider';
import { newRejections, type RejectionView } from './rejected-mutations';

/**
 * A destructive toast for each change the server refuses while this tab is open (a write queued offline
 * can fail long after its screen was left); the sync indicator keeps the list until dismissed.
 */
export function useRejectionToasts(rejected: readonly RejectionView[]) {
  const toast = useToast();
  const since = useRef(new Date().toISOString());
  const seen = useRef(new Set<number>());
  useEffect(() => {
    for (const r of newRejections(rejected, seen.current, since.current)) {
      seen.current.add(r.mutationId);
      toast({ title: r.title, description: r.message, variant: 'destructive' });
    }
  }, [rejected, toast]);
}
