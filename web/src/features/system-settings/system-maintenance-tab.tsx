import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import type { SystemSettings, SystemSettingsUpdate } from '@casa/shared-schema';
import { formatLongDateTime } from '@casa/shared-schema/values';
import { MaintenanceHistoryDialog, ScheduleMaintenanceDialog } from './maintenance-dialogs';
import { systemTexts as t } from './system-settings.texts';

/** Manutenção: the switch (applied at once by the server), its message, a scheduled window, the history. */
export function SystemMaintenanceTab({
  settings,
  onSave,
}: {
  settings: SystemSettings;
  onSave: (patch: SystemSettingsUpdate) => Promise<void>;
}) {
  const m = settings.maintenance;
  const [message, setMessage] = useState(m.message);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const save = async (patch: SystemSettingsUpdate) => {
    setSaving(true);
    try {
      await onSave(patch);
    } finally {
      setSaving(false);
    }
  };
  const [openedAt] = useState(() => Date.now());
  const windowOver = m.scheduledEnd !== null && Date.parse(m.scheduledEnd) <= openedAt;
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2.5} sx={{ maxWidth: 640 }}>
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={m.enabled}
                  disabled={saving}
                  onChange={(_, enabled) => void save({ maintenance: { enabled } })}
                />
              }
              label={t.maintenanceMode}
            />
            <Typography variant="body2" color="textSecondary">
              {t.maintenanceModeHelp}
            </Typography>
          </Box>
          {m.enabled && (
            <Alert severity="warning" data-testid="maintenance-warning">
              {t.maintenanceWarning}
            </Alert>
          )}
          {m.scheduledStart && !windowOver && (
            <Alert
              severity="info"
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => void save({ maintenance: { scheduledStart: null, scheduledEnd: null } })}
                >
                  {t.cancelSchedule}
                </Button>
              }
            >
              {m.scheduledEnd
                ? t.scheduled(formatLongDateTime(m.scheduledStart), formatLongDateTime(m.scheduledEnd))
                : t.scheduledOpenEnd(formatLongDateTime(m.scheduledStart))}
            </Alert>
          )}
          <TextField
            label={t.maintenanceMessage}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button
              variant="contained"
              disabled={saving || !message.trim() || message === m.message}
              onClick={() => void save({ maintenance: { message } })}
            >
              {saving ? t.saving : t.save}
            </Button>
            <Button variant="outlined" onClick={() => setScheduleOpen(true)}>
              {t.scheduleMaintenance}
            </Button>
            <Button variant="outlined" onClick={() => setHistoryOpen(true)}>
              {t.viewHistory}
            </Button>
          </Stack>
        </Stack>
        {scheduleOpen && (
          <ScheduleMaintenanceDialog
            open
            start={m.scheduledStart}
            end={m.scheduledEnd}
            onClose={() => setScheduleOpen(false)}
            onSchedule={(w) => save({ maintenance: w })}
          />
        )}
        <MaintenanceHistoryDialog open={historyOpen} onClose={() => setHistoryOpen(false)} />
      </CardContent>
    </Card>
  );
}
