import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { errorMessages, MutationRejection, rejectionMessage } from '@casa/shared-schema/values';
import { useSyncClient } from '../../data/sync-provider';
import { useToast } from '../../ui/toast-provider';
import { ClientPicker } from '../client-picker/client-picker';
import { useFullScreenDialog } from './use-full-screen-dialog';

/** Whether a refused add is the 'already a member' answer of docs/product.md#cold-calls (not a generic error). */
export const isAlreadyInCampaign = (err: unknown) =>
  err instanceof MutationRejection && err.message === errorMessages.clientAlreadyInCampaignServer;

/** 'Adicionar cliente' to a campaign: any client may be chosen; a member already there is told so. */
export function AddCampaignClientDialog({
  campaignId,
  onClose,
}: {
  campaignId: string | null;
  onClose: () => void;
}) {
  const sync = useSyncClient();
  const toast = useToast();
  const fullScreen = useFullScreenDialog();
  const [clientId, setClientId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => {
    setClientId(null);
    onClose();
  };

  const add = async () => {
    if (!sync || !campaignId || !clientId) return;
    setSaving(true);
    try {
      await sync.mutate.addCampaignClient({ campaignId, clientId });
      toast({ title: 'Cliente adicionado à campanha', variant: 'success' });
      close();
    } catch (err) {
      if (isAlreadyInCampaign(err)) {
        toast({ title: errorMessages.clientAlreadyInCampaign });
      } else {
        toast({
          title: errorMessages.campaignClientAddFailed,
          description: rejectionMessage(err),
          variant: 'destructive',
        });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={Boolean(campaignId)}
      onClose={close}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="add-campaign-client-title"
    >
      <DialogTitle id="add-campaign-client-title">Adicionar cliente à campanha</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ClientPicker value={clientId} onChange={setClientId} autoFocus />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancelar</Button>
        <Button variant="contained" onClick={() => void add()} disabled={!clientId || saving || !sync}>
          Adicionar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
