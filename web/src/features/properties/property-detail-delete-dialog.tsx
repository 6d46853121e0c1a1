import type { Property } from '@casa/shared-schema';
import { errorMessages, rejectionMessage } from '@casa/shared-schema/values';
import { useSyncClient } from '../../data/sync-provider';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useToast } from '../../ui/toast-provider';

/** The delete of a property (shared `deleteProperty`, offline too), after a confirmation. */
export function PropertyDeleteDialog({
  property,
  reference,
  onClose,
  onDeleted,
}: {
  property: Pick<Property, 'id' | 'title'>;
  reference: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const sync = useSyncClient();
  const toast = useToast();

  const remove = async () => {
    if (!sync) return;
    try {
      await sync.mutate.deleteProperty({ id: property.id });
      toast({ title: errorMessages.propertyDeleted, variant: 'success' });
      onDeleted();
    } catch (error) {
      toast({
        title: errorMessages.propertyDeleteFailed,
        description: rejectionMessage(error, errorMessages.checkDataAndRetry),
        variant: 'destructive',
      });
    }
  };

  return (
    <ConfirmDialog title="Remover imóvel?" confirmLabel="Remover" onConfirm={remove} onClose={onClose}>
      Esta ação é irreversível. O imóvel <strong>{reference}</strong> — {property.title} — e as suas
      fotografias serão removidos.
    </ConfirmDialog>
  );
}
