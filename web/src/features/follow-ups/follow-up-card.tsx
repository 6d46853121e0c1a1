import { memo } from 'react';
import { Button, CardActions, styled } from '@mui/material';
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

/**
 * The card's look in one styled element with class rules, instead of a Card, Stacks, Chips and Typographies
 * each with its own `sx`: a list of hundreds of cards renders each one as a few components rather than ~64
 * (half of them emotion's insertion helpers), which on a phone was most of the time a list took to draw and to
 * keep up with other devices' writes (issue 19, scripts/bench/README.md stop 40). It looks as the MUI parts
 * did: an outlined card, small chips, subtitle1 title, body2 lines.
 */
const CardRoot = styled('article')(({ theme }) => {
  const v = theme.vars;
  const body2 = { ...theme.typography.body2, margin: 0 };
  return {
    ...skipOffscreen(200),
    backgroundColor: v.palette.background.paper,
    color: v.palette.text.primary,
    border: `1px solid ${v.palette.divider}`,
    borderLeftWidth: 4,
    borderRadius: v.shape.borderRadius,
    overflow: 'hidden',
    '&.fu-open': { borderLeftColor: v.palette.primary.main },
    '&.fu-late': { borderLeftColor: v.palette.error.main },
    '&.fu-done': { borderLeftColor: v.palette.success.main },
    '& .fu-body': {
      display: 'flex',
      flexDirection: 'column',
      gap: theme.spacing(1),
      // CardContent's padding, with the `pb: 1` the card gave it above its actions; without actions, its last
      // child's: MUI's 24 px, or the compact theme's override of it (app/theme.ts).
      padding: theme.spacing(2, 2, 1),
      '&:last-child': { paddingBottom: theme.components?.MuiCardContent ? theme.spacing(2) : '24px' },
    },
    '& .fu-chips': { display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1), alignItems: 'center' },
    // MUI's small Chip: outlined for the type, filled for the states.
    '& .fu-chip': {
      display: 'inline-flex',
      alignItems: 'center',
      height: 24,
      padding: '0 7px',
      borderRadius: 12,
      border: `1px solid ${v.palette.Chip.defaultBorder}`,
      fontFamily: theme.typography.fontFamily,
      fontSize: theme.typography.pxToRem(13),
      lineHeight: 1.5,
      whiteSpace: 'nowrap',
      boxSizing: 'border-box',
    },
    '& .fu-chip-error': {
      border: 0,
      padding: '0 8px',
      backgroundColor: v.palette.error.main,
      color: v.palette.error.contrastText,
    },
    '& .fu-chip-success': {
      border: 0,
      padding: '0 8px 0 4px',
      gap: 4,
      backgroundColor: v.palette.success.main,
      color: v.palette.success.contrastText,
    },
    '& .fu-chip-icon': { fontSize: 18 },
    '& .fu-title': { ...theme.typography.subtitle1, fontWeight: 700, lineHeight: 1.3, margin: 0 },
    '& .fu-meta': {
      display: 'flex',
      flexDirection: 'column',
      gap: theme.spacing(0.5),
      color: v.palette.text.secondary,
      [theme.breakpoints.up('sm')]: { flexDirection: 'row', gap: theme.spacing(2) },
    },
    '& .fu-meta-item': { ...body2, display: 'flex', alignItems: 'center', gap: theme.spacing(0.75) },
    '& .fu-overdue': { color: v.palette.error.main },
    '& .fu-text': { ...body2, overflowWrap: 'anywhere' },
    '& .fu-description': { whiteSpace: 'pre-line' },
    '& .fu-secondary': { color: v.palette.text.secondary },
    '& .fu-completion': {
      backgroundColor: v.palette.action.hover,
      borderRadius: v.shape.borderRadius,
      padding: theme.spacing(1, 1.5),
    },
  };
});

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
  const edge = followUp.completed ? 'fu-done' : overdue ? 'fu-late' : 'fu-open';
  return (
    <CardRoot
      aria-labelledby={titleId}
      data-testid="follow-up-card"
      data-follow-up-id={followUp.id}
      className={edge}
    >
      <div className="fu-body">
        <div className="fu-chips">
          <span className="fu-chip">{followUp.type}</span>
          {overdue && <span className="fu-chip fu-chip-error">Em atraso</span>}
          {followUp.completed && (
            <span className="fu-chip fu-chip-success">
              <CheckCircleRoundedIcon className="fu-chip-icon" />
              Concluído
            </span>
          )}
        </div>
        <h2 id={titleId} className="fu-title">
          {followUp.title}
        </h2>
        <div className="fu-meta">
          <span className="fu-meta-item">
            <PersonRoundedIcon fontSize="small" aria-hidden />
            {clientName === null ? '…' : (clientName ?? errorMessages.clientNotFound)}
          </span>
          <span className={overdue ? 'fu-meta-item fu-overdue' : 'fu-meta-item'}>
            <EventRoundedIcon fontSize="small" aria-hidden />
            {formatDateTime(followUp.scheduledDate)}
          </span>
        </div>
        <VisitCardDetails followUp={followUp} />
        {followUp.description && <p className="fu-text fu-description">{followUp.description}</p>}
        {followUp.notes && (
          <p className="fu-text fu-secondary">
            <strong>Notas:</strong> {followUp.notes}
          </p>
        )}
        {followUp.completed && (
          <div className="fu-completion">
            <p className="fu-text fu-secondary">Concluído em {formatDateTime(followUp.completedAt)}</p>
            {followUp.completionComment && (
              <p className="fu-text" data-testid="completion-comment">
                {notesPreview(followUp.completionComment, COMPLETION_COMMENT_PREVIEW)}
              </p>
            )}
          </div>
        )}
      </div>
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
    </CardRoot>
  );
});
