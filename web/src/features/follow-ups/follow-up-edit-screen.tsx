import { useLiveQuery } from '../../data/live-query';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Card, CardActions, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import type { CurrentUser, FollowUp } from '@casa/shared-schema';
import { errorMessages, formatDateTime } from '@casa/shared-schema/values';
import { useEngineState } from '../../data/sync-state';
import { useSyncClient } from '../../data/sync-provider';
import { RouterButton } from '../../ui/router-link';
import { usePermissions } from '../auth/permissions.queries';
import { useFollowUpActions } from './follow-up-actions';
import { FollowUpForm } from './follow-up-form';
import { followUpToForm, formToFollowUpPayload } from './follow-up-form.logic';

/**
 * /followup/{id} (docs/product.md#follow-ups): the follow-up from the replica, edited with the list's form; an id the
 * replica does not hold once it has synced is 'Follow-up não encontrado'.
 */
export default function FollowUpEditScreen({ id }: { user: CurrentUser; id: string }) {
  const sync = useSyncClient();
  const state = useEngineState(sync);
  const followUp = useLiveQuery(
    async () => (sync ? ((await sync.db.followUps.get(id)) ?? null) : undefined),
    [sync, id],
  );
  // Offline or failing, the replica is all there is: do not wait for a sync that will not come.
  const settled = state.lastSyncedAt !== null || !state.online || state.error !== null;

  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 700, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
      >
        Follow-up
      </Typography>
      {followUp ? (
        <EditCard key={followUp.id} followUp={followUp} />
      ) : followUp === null && settled ? (
        <NotFoundCard />
      ) : (
        <Stack sx={{ alignItems: 'center', py: 6 }} aria-busy="true">
          <CircularProgress aria-label="A carregar follow-up" />
        </Stack>
      )}
    </Stack>
  );
}

function EditCard({ followUp }: { followUp: FollowUp }) {
  const navigate = useNavigate();
  const { canEdit } = usePermissions();
  const actions = useFollowUpActions();
  const back = () => void navigate({ to: '/followups' });
  return (
    <Card variant="outlined">
      <FollowUpForm
        mode="edit"
        initial={followUpToForm(followUp)}
        readOnly={!canEdit}
        onCancel={back}
        onSubmit={async (values) => {
          const saved = await actions.update(followUp.id, formToFollowUpPayload(values));
          if (saved) back();
          return saved;
        }}
        layout={({ fields, actions: buttons }) => (
          <>
            <CardContent>
              <Stack spacing={2}>
                <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
                  {canEdit ? 'Editar Follow-up' : followUp.title}
                </Typography>
                {followUp.completed && (
                  <Alert severity="success">
                    Concluído em {formatDateTime(followUp.completedAt)}
                    {followUp.completionComment ? ` — ${followUp.completionComment}` : ''}
                  </Alert>
                )}
                {fields}
              </Stack>
            </CardContent>
            <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2 }}>{buttons}</CardActions>
          </>
        )}
      />
    </Card>
  );
}

function NotFoundCard() {
  return (
    <Card variant="outlined" data-testid="follow-up-not-found">
      <CardContent>
        <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 3 }}>
          <SearchOffRoundedIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {errorMessages.followUpNotFound}
          </Typography>
          <Typography color="textSecondary">O follow-up pedido não existe ou foi removido.</Typography>
        </Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: 'center', pb: 3 }}>
        <RouterButton to="/followups" variant="contained" startIcon={<ArrowBackRoundedIcon />}>
          Voltar aos Follow-ups
        </RouterButton>
      </CardActions>
    </Card>
  );
}
