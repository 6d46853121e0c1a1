import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import type { FollowUp, NextFollowUpType } from '@casa/shared-schema';
import { defaultNextFollowUpTitle, errorMessages, NEXT_FOLLOW_UP_TYPES } from '@casa/shared-schema/values';
import { useClient } from '../../data/read-hooks';
import { useSyncClient } from '../../data/sync-provider';
import { completionArgs, EMPTY_COMPLETION, type CompletionFormValues } from './complete-follow-up.logic';
import { useFollowUpActions } from './follow-up-actions';
import { useCompactDialog } from './use-compact-dialog';
import { VisitFeedbackFields } from '../visits/visit-feedback-fields';
import { EMPTY_FEEDBACK, feedbackTouched, isVisit, type FeedbackFormValues } from '../visits/visits.logic';
import { feedbackArgs } from '../visits/visit-forms.logic';

export type CompletableFollowUp = Pick<FollowUp, 'id' | 'title' | 'clientId' | 'completed'> &
  Partial<Pick<FollowUp, 'type'>>;

type Props = {
  /** The follow-up to complete; null keeps the dialog closed. */
  followUp: CompletableFollowUp | null;
  onClose: () => void;
  /** After the completion is stored (the dialog closes itself through onClose too). */
  onCompleted?: () => void;
};

/**
 * The completion dialog of docs/product.md#follow-ups: an optional comment and an optional next follow-up (type,
 * Lisbon date and time, title). Reusable by any screen that lists follow-ups.
 */
export function CompleteFollowUpDialog({ followUp, onClose, onCompleted }: Props) {
  const compact = useCompactDialog();
  return (
    <Dialog
      open={followUp !== null}
      onClose={onClose}
      fullScreen={compact}
      fullWidth
      maxWidth="sm"
      aria-labelledby="complete-follow-up-title"
    >
      {followUp && (
        <CompletionForm key={followUp.id} followUp={followUp} onClose={onClose} onCompleted={onCompleted} />
      )}
    </Dialog>
  );
}

function CompletionForm({ followUp, onClose, onCompleted }: Props & { followUp: CompletableFollowUp }) {
  const sync = useSyncClient();
  const client = useClient(sync?.db, followUp.clientId);
  const actions = useFollowUpActions();
  const [values, setValues] = useState<CompletionFormValues>(EMPTY_COMPLETION);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // A Visita may record the buyer's feedback in the same step (docs/decisions.md).
  const visit = followUp.type !== undefined && isVisit({ type: followUp.type });
  const [feedback, setFeedback] = useState<FeedbackFormValues>(EMPTY_FEEDBACK);
  const [feedbackErrors, setFeedbackErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<CompletionFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const clientName = client?.name ?? null;

  const submit = async () => {
    const built = completionArgs(followUp.id, values);
    if (!built.ok) {
      setError(built.error);
      return;
    }
    const withFeedback = visit && feedbackTouched(feedback) ? feedbackArgs(feedback) : null;
    if (withFeedback && !withFeedback.ok) {
      setFeedbackErrors(withFeedback.errors);
      return;
    }
    setFeedbackErrors({});
    setError(null);
    setSaving(true);
    const done = withFeedback?.ok
      ? await actions.completeVisit(built.args, withFeedback.args)
      : await actions.complete(built.args);
    setSaving(false);
    if (!done) return;
    onCompleted?.();
    onClose();
  };

  return (
    <form
      noValidate
      style={{ display: 'contents' }}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <DialogTitle id="complete-follow-up-title">Concluir Follow-up</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <Typography color="textSecondary">
            {followUp.title}
            {clientName ? ` · ${clientName}` : ''}
          </Typography>
          {followUp.completed && <Alert severity="info">{errorMessages.followUpAlreadyCompleted}</Alert>}
          <TextField
            label="Comentário de conclusão"
            placeholder="Como correu? (opcional)"
            value={values.comment}
            onChange={(e) => set({ comment: e.target.value })}
            multiline
            minRows={3}
            autoFocus
          />
          {visit && (
            <Stack spacing={1} data-testid="complete-visit-feedback">
              <Typography variant="subtitle2" component="h3">
                Feedback da visita (opcional)
              </Typography>
              <VisitFeedbackFields
                values={feedback}
                onChange={(patch) => setFeedback((v) => ({ ...v, ...patch }))}
                errors={feedbackErrors}
                optional
              />
            </Stack>
          )}
          <FormControlLabel
            control={
              <Switch
                checked={values.scheduleNext}
                onChange={(e) => set({ scheduleNext: e.target.checked })}
              />
            }
            label="Agendar próximo follow-up"
          />
          {values.scheduleNext && (
            <Stack spacing={2.5}>
              <TextField
                select
                label="Tipo do próximo follow-up"
                value={values.nextType}
                onChange={(e) => set({ nextType: e.target.value as NextFollowUpType })}
              >
                {NEXT_FOLLOW_UP_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {type}
                  </MenuItem>
                ))}
              </TextField>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label="Data *"
                  type="date"
                  value={values.nextDate}
                  onChange={(e) => set({ nextDate: e.target.value })}
                  error={Boolean(error) && !values.nextDate}
                  fullWidth
                  slotProps={{ inputLabel: { shrink: true } }}
                  helperText="Hora de Lisboa"
                />
                <TextField
                  label="Hora *"
                  type="time"
                  value={values.nextTime}
                  onChange={(e) => set({ nextTime: e.target.value })}
                  error={Boolean(error) && !values.nextTime}
                  fullWidth
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Stack>
              <TextField
                label="Título"
                value={values.nextTitle}
                onChange={(e) => set({ nextTitle: e.target.value })}
                helperText={`Opcional; por omissão: ${defaultNextFollowUpTitle(values.nextType, clientName)}`}
              />
            </Stack>
          )}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={saving}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" color="success" disabled={saving || followUp.completed}>
          Concluir
        </Button>
      </DialogActions>
    </form>
  );
}
