import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { errorMessages, type Client } from '@casa/shared-schema';
import { useSyncClient } from '../../data/sync-provider';
import { useToast } from '../../ui/toast-provider';
import { rejectionMessage } from '@casa/shared-schema/mutators';

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
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!sync) return;
    setBusy(true);
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
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="delete-client-title"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="delete-client-title">Remover cliente?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Esta ação é irreversível. Os dados de <strong>{client.name}</strong>, os seus follow-ups e o
          histórico de interações serão removidos permanentemente.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
        <Button color="error" variant="contained" onClick={() => void remove()} disabled={busy}>
          Remover
        </Button>
      </DialogActions>
    </Dialog>
  );
}
