import type { Client } from '@casa/shared-schema';
import { errorMessages, rejectionMessage } from '@casa/shared-schema/values';
import { useSyncClient } from '../../data/sync-provider';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useToast } from '../../ui/toast-provider';

/** docs/product.md#clients: the irreversible delete, with the client's follow-ups and interaction history. */
export function DeleteClientDialog({
  client,
  onClose,
  onDeleted,
}: {
  client: Pick<Client, 'id' | 'name'>;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const sync = useSyncClient();
  const toast = useToast();

  const remove = async () => {
    if (!sync) return;
    try {
      await sync.mutate.deleteClient({ id: client.id });
      toast({ title: errorMessages.clientDeleted, variant: 'success' });
      onDeleted();
    } catch (error) {
      toast({
        title: errorMessages.clientDeleteFailed,
        description: rejectionMessage(error, errorMessages.checkDataAndRetry),
        variant: 'destructive',
      });
    }
  };

  return (
    <ConfirmDialog title="Remover cliente?" confirmLabel="Remover" onConfirm={remove} onClose={onClose}>
      Esta ação é irreversível. Os dados de <strong>{client.name}</strong>, os seus follow-ups e o histórico
      de interações serão removidos permanentemente.
    </ConfirmDialog>
  );
}
