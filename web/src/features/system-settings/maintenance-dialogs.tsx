import { useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import dayjs from 'dayjs';
import type { MaintenanceEvent } from '@casa/shared-schema';
import { formatLongDateTime, validationMessages } from '@casa/shared-schema/values';
import { useLoad } from '../../lib/use-load';
import { serverMessage } from '../../lib/server-message';
import { loadMaintenanceHistory } from './system-settings.api';
import { systemTexts as t } from './system-settings.texts';

/** datetime-local value (device time) ↔ ISO instant. */
const toLocalInput = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DDTHH:mm') : '');
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

/** 'Agendar Manutenção': a window (start required, end optional) during which maintenance applies. */
export function ScheduleMaintenanceDialog({
  open,
  start,
  end,
  onClose,
  onSchedule,
}: {
  open: boolean;
  start: string | null;
  end: string | null;
  onClose: () => void;
  onSchedule: (window: { scheduledStart: string; scheduledEnd: string | null }) => Promise<void>;
}) {
  const [from, setFrom] = useState(() =>
    toLocalInput(start ?? dayjs().add(1, 'hour').startOf('hour').toISOString()),
  );
  const [to, setTo] = useState(() =>
    toLocalInput(end ?? dayjs().add(2, 'hour').startOf('hour').toISOString()),
  );
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const scheduledStart = fromLocalInput(from);
    const scheduledEnd = fromLocalInput(to);
    if (!scheduledStart) return setError(validationMessages.invalidDateTime);
    if (scheduledEnd && scheduledEnd <= scheduledStart) return setError(validationMessages.endBeforeStart);
    setSaving(true);
    try {
      await onSchedule({ scheduledStart, scheduledEnd });
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="schedule-maintenance-title"
    >
      <DialogTitle id="schedule-maintenance-title">{t.scheduleMaintenance}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            type="datetime-local"
            label={t.scheduleStart}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            required
          />
          <TextField
            type="datetime-local"
            label={t.scheduleEnd}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.cancel}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={saving}>
          {t.scheduleSave}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function eventLabel(e: MaintenanceEvent): { label: string; color: 'warning' | 'success' | 'info' } {
  if (e.enabled) return { label: t.historyOn, color: 'warning' };
  if (e.scheduledStart) return { label: t.historyScheduled, color: 'info' };
  return { label: t.historyOff, color: 'success' };
}

/** 'Ver Histórico': the last 50 changes of the switch, message and window, with who made them. */
export function MaintenanceHistoryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const history = useLoad(() => (open ? loadMaintenanceHistory() : Promise.resolve([])), String(open));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="maintenance-history-title">
      <DialogTitle id="maintenance-history-title">{t.historyTitle}</DialogTitle>
      <DialogContent dividers>
        {history.loading && <LinearProgress aria-label={t.historyTitle} />}
        {history.error ? (
          <Alert severity="error">{serverMessage(history.error, t.loadFailed)}</Alert>
        ) : history.data?.length === 0 ? (
          <Typography color="textSecondary">{t.historyEmpty}</Typography>
        ) : (
          <List dense disablePadding data-testid="maintenance-history">
            {history.data?.map((e) => {
              const { label, color } = eventLabel(e);
              return (
                <ListItem key={e.at} disableGutters divider sx={{ gap: 1.5, alignItems: 'flex-start' }}>
                  <Chip size="small" label={label} color={color} variant="outlined" sx={{ mt: 0.5 }} />
                  <ListItemText
                    primary={e.message}
                    secondary={[
                      formatLongDateTime(e.at),
                      e.byEmail ? t.historyBy(e.byEmail) : null,
                      e.scheduledStart
                        ? e.scheduledEnd
                          ? t.scheduled(
                              formatLongDateTime(e.scheduledStart),
                              formatLongDateTime(e.scheduledEnd),
                            )
                          : t.scheduledOpenEnd(formatLongDateTime(e.scheduledStart))
                        : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
