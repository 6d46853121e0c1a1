import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { errorMessages } from '@casa/shared-schema/values';
import { shownReference, provisionalReferenceIds } from '../../data/properties';
import { useClient, useProperty } from '../../data/read-hooks';
import { useSyncClient } from '../../data/sync-provider';
import { useQueuedWrite } from '../../ui/use-queued-write';
import { ClientPicker } from '../client-picker/client-picker';
import { usePhoneDialog } from './use-phone-dialog';
import { useLiveQuery } from '../../data/live-query';
import { scheduleVisitArgs, type ScheduleFormValues } from './visit-forms.logic';

type Props = { open: boolean; onClose: () => void; propertyId: string; clientId?: string };

/**
 * Schedules a visit of a buyer to the property: a follow-up of type Visita created on the device
 * (createFollowUp, outbox), so it shows in the follow-ups, today's list and the reminders.
 */
export function ScheduleVisitDialog({ open, onClose, propertyId, clientId }: Props): React.JSX.Element {
  const compact = usePhoneDialog();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={compact}
      fullWidth
      maxWidth="sm"
      aria-labelledby="schedule-visit-title"
    >
      {open && <ScheduleForm onClose={onClose} propertyId={propertyId} clientId={clientId} />}
    </Dialog>
  );
}

function ScheduleForm({ onClose, propertyId, clientId }: Omit<Props, 'open'>) {
  const sync = useSyncClient();
  const db = sync?.db;
  const property = useProperty(db, propertyId);
  const provisional = useLiveQuery(async () => (db ? provisionalReferenceIds(db) : undefined), [db]);
  const [values, setValues] = useState<ScheduleFormValues>({
    clientId: clientId ?? '',
    date: '',
    time: '',
    notes: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const write = useQueuedWrite();
  const saving = write.saving;
  const set = (patch: Partial<ScheduleFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const buyer = useClient(db, values.clientId || null);
  const reference = property ? shownReference(property, provisional ?? new Set()) : null;

  const submit = async () => {
    if (!property || !reference) return;
    const buyerName = buyer?.name ?? null;
    const built = scheduleVisitArgs(values, { id: property.id, reference }, buyerName);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    const made = await write.run(
      async () => {
        if (!sync) throw new Error('replica not open');
        await sync.mutate.createFollowUp(built.args);
      },
      { done: errorMessages.visitScheduled, failed: errorMessages.followUpCreateFailed },
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
      <DialogTitle id="schedule-visit-title">Agendar visita</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {property === null ? (
            <Alert severity="error">{errorMessages.propertyNotFound}</Alert>
          ) : (
            <Typography color="textSecondary" data-testid="schedule-visit-property">
              {reference ?? '…'}
              {property?.title ? ` · ${property.title}` : ''}
            </Typography>
          )}
          <ClientPicker
            label="Comprador *"
            value={values.clientId || null}
            onChange={(id) => set({ clientId: id ?? '' })}
            error={errors.clientId}
            autoFocus={!clientId}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Data *"
              type="date"
              value={values.date}
              onChange={(e) => set({ date: e.target.value })}
              error={Boolean(errors.date)}
              helperText={errors.date ?? 'Hora de Lisboa'}
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="Hora *"
              type="time"
              value={values.time}
              onChange={(e) => set({ time: e.target.value })}
              error={Boolean(errors.date) && !values.time}
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
          <TextField
            label="Notas"
            value={values.notes}
            onChange={(e) => set({ notes: e.target.value })}
            multiline
            minRows={2}
            error={Boolean(errors.notes)}
            helperText={errors.notes}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={saving}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" disabled={saving || !property}>
          Agendar visita
        </Button>
      </DialogActions>
    </form>
  );
}
