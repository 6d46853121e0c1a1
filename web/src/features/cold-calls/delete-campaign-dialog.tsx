import { errorMessages, rejectionMessage } from '@casa/shared-schema/values';
import { useSyncClient } from '../../data/sync-provider';
import { ConfirmDialog } from '../../ui/confirm-dialog';
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
  const confirm = async () => {
    if (!sync || !campaign) return;
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
    }
  };
  return (
    <ConfirmDialog
      open={Boolean(campaign)}
      title="Eliminar campanha?"
      confirmLabel="Eliminar"
      onConfirm={confirm}
      onClose={onClose}
    >
      A campanha «{campaign?.name}» e a sua lista de clientes serão eliminadas. As chamadas já registadas
      mantêm-se no histórico dos clientes.
    </ConfirmDialog>
  );
}
