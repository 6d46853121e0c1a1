import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { errorMessages, type Property } from '@casa/shared-schema';
import { rejectionMessage } from '@casa/shared-schema/mutators';
import { useSyncClient } from '../../data/sync-provider';
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
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!sync) return;
    setBusy(true);
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
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="delete-property-title"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="delete-property-title">Remover imóvel?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Esta ação é irreversível. O imóvel <strong>{reference}</strong> — {property.title} — e as suas
          fotografias serão removidos.
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
