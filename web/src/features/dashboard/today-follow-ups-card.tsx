import { useState } from 'react';
import { Box, Button, Chip, List, ListItem, Skeleton, Stack, Typography } from '@mui/material';
import EventNoteRoundedIcon from '@mui/icons-material/EventNoteRounded';
import CheckCircleOutlineRoundedIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import type { FollowUp } from '@casa/shared-schema';
import { errorMessages, formatTime, isFollowUpOverdue, rejectionMessage } from '@casa/shared-schema/values';
import type { Mutators } from '../../data/mutators';
import { RouterButton, RouterLink } from '../../ui/router-link';
import { useToast } from '../../ui/toast-provider';
import { DashboardCard, EmptyText } from './dashboard-card';

const FIRST_SHOWN = 8;

/** Today's pending follow-ups (docs/product.md#follow-ups) with the complete button for users who may edit. */
export function TodayFollowUpsCard({
  followUps,
  clientName,
  canEdit,
  mutate,
  now,
}: {
  followUps: FollowUp[] | undefined;
  /** A listed client's name (null while read, undefined when gone). */
  clientName: (id: string) => string | null | undefined;
  canEdit: boolean;
  mutate: Mutators;
  now: Date;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [expanded, setExpanded] = useState(false);
  const shown = followUps && !expanded ? followUps.slice(0, FIRST_SHOWN) : followUps;
  const hidden = (followUps?.length ?? 0) - (shown?.length ?? 0);

  const complete = async (id: string) => {
    setBusy((s) => new Set(s).add(id));
    try {
      await mutate.completeFollowUp({ id });
      toast({ title: 'Follow-up concluído com sucesso!', variant: 'success' });
    } catch (error) {
      console.error(error);
      toast({
        title: 'Erro ao concluir follow-up',
        description: rejectionMessage(error),
        variant: 'destructive',
      });
    } finally {
      setBusy((s) => {
        const next = new Set(s);
        next.delete(id);
        return next;
      });
    }
  };

  return (
    <DashboardCard
      title="Follow-ups de Hoje"
      icon={<EventNoteRoundedIcon />}
      tone="warning"
      testId="today-follow-ups"
      action={
        <RouterButton to="/followups" size="small">
          Ver todos
        </RouterButton>
      }
    >
      {!followUps ? (
        <Skeleton variant="rounded" height={96} />
      ) : followUps.length === 0 ? (
        <EmptyText>Sem follow-ups agendados para hoje</EmptyText>
      ) : (
        <>
          <List disablePadding>
            {(shown ?? []).map((f) => {
              const name = clientName(f.clientId) ?? errorMessages.clientNotFound;
              const late = isFollowUpOverdue(f, now);
              return (
                <ListItem key={f.id} disableGutters divider data-testid="today-follow-up" sx={{ gap: 1.5 }}>
                  <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                    <RouterLink
                      to="/followup/$id"
                      params={{ id: f.id }}
                      underline="hover"
                      color="inherit"
                      sx={{ fontWeight: 600, display: 'block', overflowWrap: 'anywhere' }}
                    >
                      {f.title}
                    </RouterLink>
                    <Stack
                      direction="row"
                      spacing={1}
                      useFlexGap
                      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
                    >
                      <Typography
                        variant="body2"
                        sx={{ color: late ? 'error.main' : 'text.secondary', fontWeight: late ? 600 : 400 }}
                      >
                        {formatTime(f.scheduledDate)}
                      </Typography>
                      <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                        {name}
                      </Typography>
                      <Chip label={f.type} size="small" variant="outlined" />
                    </Stack>
                  </Box>
                  {canEdit && (
                    <Button
                      size="small"
                      variant="outlined"
                      color="success"
                      startIcon={<CheckCircleOutlineRoundedIcon />}
                      disabled={busy.has(f.id)}
                      onClick={() => void complete(f.id)}
                      aria-label={`Concluir follow-up ${f.title}`}
                      sx={{ flexShrink: 0 }}
                    >
                      Concluir
                    </Button>
                  )}
                </ListItem>
              );
            })}
          </List>
          {hidden > 0 && (
            <Button fullWidth size="small" onClick={() => setExpanded(true)} sx={{ mt: 1 }}>
              {hidden === 1 ? 'Mostrar mais 1' : `Mostrar mais ${hidden}`}
            </Button>
          )}
        </>
      )}
    </DashboardCard>
  );
}
