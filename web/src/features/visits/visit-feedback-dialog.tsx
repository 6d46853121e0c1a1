import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import type { FollowUp } from '@casa/shared-schema';
import { errorMessages } from '@casa/shared-schema/values';
import { useSyncClient } from '../../data/sync-provider';
import { useQueuedWrite } from '../../ui/use-queued-write';
import { usePhoneDialog } from './use-phone-dialog';
import { VisitFeedbackFields } from './visit-feedback-fields';
import { feedbackToForm, type FeedbackFormValues } from './visits.logic';
import { feedbackArgs } from './visit-forms.logic';

type Props = {
  /** The visit; null keeps the dialog closed. */
  visit: Pick<FollowUp, 'id' | 'title' | 'visitInterest' | 'visitPriceOpinion' | 'visitFeedback'> | null;
  onClose: () => void;
};

/** 'Registar feedback' of a visit: recorded on the device (outbox) with recordVisitFeedback. */
export function VisitFeedbackDialog({ visit, onClose }: Props) {
  const compact = usePhoneDialog();
  return (
    <Dialog
      open={visit !== null}
      onClose={onClose}
      fullScreen={compact}
      fullWidth
      maxWidth="sm"
      aria-labelledby="visit-feedback-title"
    >
      {visit && <FeedbackForm key={visit.id} visit={visit} onClose={onClose} />}
    </Dialog>
  );
}

function FeedbackForm({ visit, onClose }: Props & { visit: NonNullable<Props['visit']> }) {
  const sync = useSyncClient();
  const [values, setValues] = useState<FeedbackFormValues>(() => feedbackToForm(visit));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const write = useQueuedWrite();
  const saving = write.saving;

  const submit = async () => {
    const built = feedbackArgs(values);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    const made = await write.run(
      async () => {
        if (!sync) throw new Error('replica not open');
        await sync.mutate.recordVisitFeedback({ id: visit.id, ...built.args });
      },
      { done: errorMessages.visitFeedbackSaved, failed: errorMessages.visitFeedbackFailed },
    );
    if (made) onClose();
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
      <DialogTitle id="visit-feedback-title">Feedback da visita</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography color="textSecondary">{visit.title}</Typography>
          <VisitFeedbackFields
            values={values}
            onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
            errors={errors}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={saving}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" disabled={saving}>
          Guardar feedback
        </Button>
      </DialogActions>
    </form>
  );
}
