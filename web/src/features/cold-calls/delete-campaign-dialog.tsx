import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { errorMessages } from '@casa/shared-schema';
import { useSyncClient } from '../../data/sync-provider';
import { rejectionMessage } from '@casa/shared-schema/mutators';
import { useToast } from '../../ui/toast-provider';

/** Confirmation before a campaign goes; its calls stay in the history. */
export function DeleteCampaignDialog({
  campaign,
  onClose,
}: {
  campaign: { id: string; name: string } | null;
  onClose: () => void;
}) {
  const sync = useSyncClient();
  const toast = useToast();
  const [deleting, setDeleting] = useState(false);
  const confirm = async () => {
    if (!sync || !campaign) return;
    setDeleting(true);
    try {
      await sync.mutate.deleteCampaign({ id: campaign.id });
      toast({ title: 'Campanha eliminada com sucesso!', variant: 'success' });
      onClose();
    } catch (err) {
      toast({
        title: errorMessages.campaignDeleteFailed,
        description: rejectionMessage(err),
        variant: 'destructive',
      });
    } finally {
      setDeleting(false);
    }
  };
  return (
    <Dialog open={Boolean(campaign)} onClose={onClose} aria-labelledby="delete-campaign-title">
      <DialogTitle id="delete-campaign-title">Eliminar campanha?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          A campanha «{campaign?.name}» e a sua lista de clientes serão eliminadas. As chamadas já registadas
          mantêm-se no histórico dos clientes.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={deleting}>
          Eliminar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
