import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import PauseRoundedIcon from '@mui/icons-material/PauseRounded';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import type { CallResult } from '@casa/shared-schema';
import { CALL_RESULTS, errorMessages, rejectionMessage } from '@casa/shared-schema/values';
import { useSyncClient } from '../../data/sync-provider';
import { useClient } from '../../data/read-hooks';
import { clientSearchOf } from '../../data/client-search/client-search';
import { useReplicaSettled } from '../../data/sync-state';
import { FirstSyncNotice } from '../../ui/first-sync-notice';
import { useToast } from '../../ui/toast-provider';
import { usePermissions } from '../auth/permissions.queries';
import { campaignLists, lastContactMap } from './cold-calls.queries';
import { logMarathonCall } from './marathon-call.actions';
import { MarathonClientCard } from './marathon-client-card';
import { useFullScreenDialog } from './use-full-screen-dialog';

/**
 * 'Modo Maratona' (docs/product.md#cold-calls, from the dashboard or a campaign): works through a queue of clients with a
 * phone, most days since last contact first, or a campaign's list. The dashboard and /coldcalls open
 * it with these props.
 */
export type MarathonDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Work through this campaign's available clients; absent: every client with a phone. */
  campaignId?: string | null;
};

const RESULT_COLORS: Record<CallResult, 'success' | 'inherit' | 'primary' | 'error' | 'warning'> = {
  Atendeu: 'success',
  'Não Atendeu': 'inherit',
  Interessado: 'primary',
  Recusou: 'error',
  'Agendar Follow-up': 'warning',
};

export default function MarathonDialog({ open, onClose, campaignId = null }: MarathonDialogProps) {
  const sync = useSyncClient();
  const db = sync?.db;
  const toast = useToast();
  const { canCreate } = usePermissions();
  const fullScreen = useFullScreenDialog();
  // Before the replica's first sync the clients have not all arrived: a queue fixed then would be empty
  // or short for the whole marathon.
  const settled = useReplicaSettled(sync);
  // The queue is fixed when the marathon starts: calling someone must not reorder what is left.
  const [queue, setQueue] = useState<string[] | null>(null);
  const [position, setPosition] = useState(0);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open || !db || !settled || queue) return;
    let cancelled = false;
    const build = async () => {
      if (campaignId) return (await campaignLists(db, campaignId)).available.map((m) => m.id);
      // Ranked in the search worker (issue 19), once every change its index has noticed is in.
      const contacts = await lastContactMap(db);
      return (await clientSearchOf(db).ranked(contacts, null, 0)).ids;
    };
    void build().then((ids) => {
      if (!cancelled) setQueue(ids);
    });
    return () => {
      cancelled = true;
    };
  }, [open, db, settled, queue, campaignId]);

  const exit = () => {
    setQueue(null);
    setPosition(0);
    onClose();
  };

  const currentId = queue?.[position];
  const current = useClient(db, currentId) ?? null;
  const total = queue?.length ?? 0;

  const next = () => {
    if (position + 1 >= total) {
      toast({ title: errorMessages.campaignFinished, variant: 'success' });
      exit();
    } else setPosition((p) => p + 1);
  };

  const record = async (result: CallResult) => {
    if (!sync || !currentId) return;
    setSaving(true);
    try {
      await logMarathonCall(sync.mutate, { clientId: currentId, campaignId, result });
      next();
    } catch (err) {
      toast({
        title: errorMessages.callSaveFailed,
        description: rejectionMessage(err),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };

  const empty = queue !== null && total === 0;
  return (
    <Dialog
      open={open}
      onClose={exit}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="marathon-title"
    >
      <DialogTitle id="marathon-title">Modo Maratona</DialogTitle>
      <DialogContent dividers>
        {queue === null && !settled ? (
          <FirstSyncNotice inline>{errorMessages.marathonWaitsForSync}</FirstSyncNotice>
        ) : queue === null ? (
          <LinearProgress aria-label="A preparar a fila" />
        ) : empty ? (
          <Typography sx={{ py: 4, textAlign: 'center', fontWeight: 600 }}>
            {campaignId ? errorMessages.noCampaignClients : errorMessages.noEligibleClients}
          </Typography>
        ) : (
          <Stack spacing={2.5}>
            <Box>
              <Typography variant="body2" sx={{ mb: 0.5 }} data-testid="marathon-progress">
                {position + 1} de {total}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={(position / total) * 100}
                aria-label="Progresso da maratona"
              />
            </Box>
            {current ? (
              <MarathonClientCard client={current} />
            ) : (
              <Typography>{errorMessages.clientNotFound}</Typography>
            )}
            {canCreate && (
              <Box
                sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr' } }}
                role="group"
                aria-label="Resultado da chamada"
              >
                {CALL_RESULTS.map((result) => (
                  <Button
                    key={result}
                    variant={result === 'Não Atendeu' ? 'outlined' : 'contained'}
                    color={RESULT_COLORS[result]}
                    disabled={saving || (!current && Boolean(currentId))}
                    onClick={() => void record(result)}
                    sx={
                      // MUI's warning orange is too light for white text (axe colour contrast).
                      result === 'Agendar Follow-up'
                        ? { gridColumn: 'span 2', bgcolor: '#b45309' }
                        : undefined
                    }
                  >
                    {result}
                  </Button>
                ))}
              </Box>
            )}
            {!current && currentId && <Button onClick={next}>Saltar</Button>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {/* docs/product.md#cold-calls: Pausar and Sair both reset to the start and close; the queue is rebuilt on the next
            opening, where the clients just called rank last, so the agent goes on with the others. */}
        {!empty && queue !== null && (
          <Button startIcon={<PauseRoundedIcon />} onClick={exit}>
            Pausar
          </Button>
        )}
        <Button startIcon={<LogoutRoundedIcon />} onClick={exit}>
          Sair
        </Button>
      </DialogActions>
    </Dialog>
  );
}
