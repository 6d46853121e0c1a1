import { memo } from 'react';
import { Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import EventRoundedIcon from '@mui/icons-material/EventRounded';
import PersonRoundedIcon from '@mui/icons-material/PersonRounded';
import type { FollowUp } from '@casa/shared-schema';
import {
  COMPLETION_COMMENT_PREVIEW,
  errorMessages,
  formatDateTime,
  notesPreview,
} from '@casa/shared-schema/values';
import { skipOffscreen } from '../../ui/skip-offscreen';
import { VisitCardDetails } from '../visits/visit-card-details';

type Props = {
  followUp: FollowUp;
  /** null while the client list loads (no 'Cliente não encontrado' flash). */
  clientName: string | null | undefined;
  overdue: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onComplete: (followUp: FollowUp) => void;
  onEdit: (followUp: FollowUp) => void;
  onDelete: (followUp: FollowUp) => void;
};

/** One follow-up of the list: what, with whom, when (Lisbon), its state and its actions. */
export const FollowUpCard = memo(function FollowUpCard({
  followUp,
  clientName,
  overdue,
  canEdit,
  canDelete,
  onComplete,
  onEdit,
  onDelete,
}: Props) {
  const titleId = `follow-up-${followUp.id}-title`;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={titleId}
      data-testid="follow-up-card"
      data-follow-up-id={followUp.id}
      sx={{
        borderLeft: 4,
        borderLeftColor: followUp.completed ? 'success.main' : overdue ? 'error.main' : 'primary.main',
        ...skipOffscreen(200),
      }}
    >
      <CardContent sx={{ pb: 1 }}>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
            <Chip size="small" label={followUp.type} variant="outlined" />
            {overdue && <Chip size="small" color="error" label="Em atraso" />}
            {followUp.completed && (
              <Chip size="small" color="success" icon={<CheckCircleRoundedIcon />} label="Concluído" />
            )}
          </Stack>
          <Typography
            id={titleId}
            variant="subtitle1"
            component="h2"
            sx={{ fontWeight: 700, lineHeight: 1.3 }}
          >
            {followUp.title}
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 0.5, sm: 2 }}
            sx={{ color: 'text.secondary' }}
          >
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <PersonRoundedIcon fontSize="small" aria-hidden />
              <Typography variant="body2">
                {clientName === null ? '…' : (clientName ?? errorMessages.clientNotFound)}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <EventRoundedIcon fontSize="small" aria-hidden />
              <Typography variant="body2" color={overdue ? 'error' : undefined}>
                {formatDateTime(followUp.scheduledDate)}
              </Typography>
            </Stack>
          </Stack>
          <VisitCardDetails followUp={followUp} />
          {followUp.description && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {followUp.description}
            </Typography>
          )}
          {followUp.notes && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              <strong>Notas:</strong> {followUp.notes}
            </Typography>
          )}
          {followUp.completed && (
            <Box sx={{ bgcolor: 'action.hover', borderRadius: 1, px: 1.5, py: 1 }}>
              <Typography variant="body2" color="text.secondary">
                Concluído em {formatDateTime(followUp.completedAt)}
              </Typography>
              {followUp.completionComment && (
                <Typography
                  variant="body2"
                  sx={{ overflowWrap: 'anywhere' }}
                  data-testid="completion-comment"
                >
                  {notesPreview(followUp.completionComment, COMPLETION_COMMENT_PREVIEW)}
                </Typography>
              )}
            </Box>
          )}
        </Stack>
      </CardContent>
      {(canEdit || canDelete) && (
        <CardActions sx={{ px: 2, pb: 1.5, flexWrap: 'wrap', gap: 0.5 }}>
          {canEdit && !followUp.completed && (
            <Button
              size="small"
              color="success"
              startIcon={<CheckCircleRoundedIcon />}
              onClick={() => onComplete(followUp)}
            >
              Concluir
            </Button>
          )}
          {canEdit && (
            <Button size="small" startIcon={<EditRoundedIcon />} onClick={() => onEdit(followUp)}>
              Editar
            </Button>
          )}
          {canDelete && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlineRoundedIcon />}
              onClick={() => onDelete(followUp)}
            >
              Remover
            </Button>
          )}
        </CardActions>
      )}
    </Card>
  );
});
