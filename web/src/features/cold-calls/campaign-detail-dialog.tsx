import { useState } from 'react';
import { useLiveQuery } from '../../data/live-query';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import PersonAddRoundedIcon from '@mui/icons-material/PersonAddRounded';
import BoltRoundedIcon from '@mui/icons-material/BoltRounded';
import { errorMessages, MutationRejection, rejectionMessage } from '@casa/shared-schema/values';
import { useSyncClient } from '../../data/sync-provider';
import { usePermissions } from '../auth/permissions.queries';
import { useToast } from '../../ui/toast-provider';
import { campaignLists } from './cold-calls.queries';
import { campaignProgress, campaignProgressText, memberTotal, type RankedClient } from './cold-calls.logic';
import { CampaignMemberRow } from './campaign-member-row';
import { AddCampaignClientDialog } from './add-campaign-client-dialog';
import { CallLogDialog, type CallTarget } from './call-log-dialog';
import { useFullScreenDialog } from './use-full-screen-dialog';

const PAGE = 50;

/** The campaign's clients, available and contacted (docs/product.md#cold-calls), with their calls and membership. */
export function CampaignDetailDialog({
  campaignId,
  onClose,
  onMarathon,
}: {
  campaignId: string | null;
  onClose: () => void;
  onMarathon: (campaignId: string) => void;
}) {
  const sync = useSyncClient();
  const db = sync?.db;
  const toast = useToast();
  const { canCreate, canEdit } = usePermissions();
  const fullScreen = useFullScreenDialog();
  const [tab, setTab] = useState<'available' | 'contacted'>('available');
  const [shown, setShown] = useState(PAGE);
  const [calling, setCalling] = useState<CallTarget | null>(null);
  const [adding, setAdding] = useState(false);
  const campaign = useLiveQuery(
    async () => (db && campaignId ? ((await db.campaigns.get(campaignId)) ?? null) : undefined),
    [db, campaignId],
  );
  const lists = useLiveQuery(
    () => (db && campaignId ? campaignLists(db, campaignId) : undefined),
    [db, campaignId],
  );
  const rows: RankedClient[] = lists?.[tab] ?? [];

  const remove = async (member: RankedClient) => {
    if (!sync || !campaignId) return;
    try {
      await sync.mutate.removeCampaignClient({ campaignId, clientId: member.id });
      toast({ title: 'Cliente removido da campanha', variant: 'success' });
    } catch (err) {
      if (err instanceof MutationRejection && err.message === errorMessages.clientNotInCampaignServer) {
        // Someone removed it already: the live list has refreshed; no error (docs/product.md#cold-calls).
        toast({ title: 'O cliente já não estava nesta campanha. A lista foi atualizada.' });
      } else {
        toast({
          title: errorMessages.campaignClientRemoveFailed,
          description: rejectionMessage(err),
          variant: 'destructive',
        });
      }
    }
  };

  const close = () => {
    setTab('available');
    setShown(PAGE);
    onClose();
  };

  return (
    <Dialog
      open={Boolean(campaignId)}
      onClose={close}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="campaign-detail-title"
    >
      <DialogTitle id="campaign-detail-title">{campaign?.name ?? 'Campanha'}</DialogTitle>
      <DialogContent dividers>
        {campaign === null ? (
          <Typography>{errorMessages.campaignNotFound}</Typography>
        ) : !campaign || !lists ? (
          <LinearProgress aria-label="A carregar" />
        ) : (
          <Stack spacing={2}>
            {campaign.description && <Typography color="textSecondary">{campaign.description}</Typography>}
            <Box>
              <Typography variant="body2" sx={{ mb: 0.5 }}>
                Progresso: {campaignProgressText(lists.contacted.length, memberTotal(lists))}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={campaignProgress(lists.contacted.length, memberTotal(lists))}
                aria-label="Progresso da campanha"
              />
            </Box>
            <Tabs
              value={tab}
              onChange={(_, next: 'available' | 'contacted') => {
                setTab(next);
                setShown(PAGE);
              }}
              aria-label="Clientes da campanha"
              variant="fullWidth"
            >
              <Tab value="available" label={`Disponíveis (${lists.available.length})`} />
              <Tab value="contacted" label={`Contactados (${lists.contacted.length})`} />
            </Tabs>
            {rows.length === 0 ? (
              <Typography color="textSecondary" sx={{ py: 2, textAlign: 'center' }}>
                {tab === 'available' ? 'Sem clientes por contactar' : 'Ainda nenhum cliente contactado'}
              </Typography>
            ) : (
              <List disablePadding aria-label={tab === 'available' ? 'Disponíveis' : 'Contactados'}>
                {rows.slice(0, shown).map((member) => (
                  <CampaignMemberRow
                    key={member.id}
                    member={member}
                    canWrite={canCreate && canEdit}
                    onLogCall={() =>
                      setCalling({ id: member.id, name: member.client.name, phone: member.client.phone })
                    }
                    onRemove={() => void remove(member)}
                  />
                ))}
              </List>
            )}
            {rows.length > shown && (
              <Button onClick={() => setShown((n) => n + PAGE)}>Mostrar mais ({rows.length - shown})</Button>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {canCreate && campaign && (
          <>
            <Button startIcon={<PersonAddRoundedIcon />} onClick={() => setAdding(true)}>
              Adicionar cliente
            </Button>
            <Button startIcon={<BoltRoundedIcon />} onClick={() => onMarathon(campaign.id)}>
              Modo Maratona
            </Button>
          </>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" onClick={close}>
          Fechar
        </Button>
      </DialogActions>
      <CallLogDialog client={calling} campaignId={campaignId} onClose={() => setCalling(null)} />
      <AddCampaignClientDialog campaignId={adding ? campaignId : null} onClose={() => setAdding(false)} />
    </Dialog>
  );
}
