import { useState } from 'react';
import {
  Alert,
  Card,
  CardContent,
  FormControlLabel,
  FormGroup,
  Skeleton,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { errorMessages, type NotificationPreferences } from '@casa/shared-schema';
import { useLoad } from '../../lib/use-load';
import { RouterLink } from '../../ui/router-link';
import { useToast } from '../../ui/toast-provider';
import { PushDeviceControl } from './push-device-control';
import { loadPreferences, savePreferences } from './settings.api';
import { settingsTexts as t } from './settings.texts';

type SwitchKey = keyof typeof t.notificationTypes;
const SWITCHES = Object.keys(t.notificationTypes) as SwitchKey[];

/** Settings › Notificações: each change replaces the whole preferences object (docs/product.md#notifications). */
export function SettingsNotificationsTab({ userId }: { userId: string }) {
  const toast = useToast();
  const prefs = useLoad(() => loadPreferences(), userId);
  const [saving, setSaving] = useState(false);

  const save = async (next: NotificationPreferences) => {
    const before = prefs.data;
    prefs.setData(next);
    setSaving(true);
    try {
      prefs.setData(await savePreferences(next));
    } catch {
      prefs.setData(before);
      toast({ title: errorMessages.preferencesSaveFailed, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {t.notificationPrefs}
        </Typography>
        <Stack sx={{ mb: 2 }}>
          <PushDeviceControl userId={userId} />
        </Stack>
        {prefs.loading ? (
          <Stack spacing={1}>
            {SWITCHES.map((key) => (
              <Skeleton key={key} variant="rounded" height={38} />
            ))}
          </Stack>
        ) : !prefs.data ? (
          <Alert severity="error">{errorMessages.fetchPreferencesFailed}</Alert>
        ) : (
          <Stack spacing={2}>
            <FormGroup>
              {SWITCHES.map((key) => (
                <FormControlLabel
                  key={key}
                  label={t.notificationTypes[key]}
                  control={
                    <Switch
                      checked={prefs.data?.[key] ?? false}
                      disabled={saving}
                      onChange={(_, checked) => prefs.data && void save({ ...prefs.data, [key]: checked })}
                    />
                  }
                />
              ))}
            </FormGroup>
            <TextField
              label={t.notificationTime}
              type="time"
              value={prefs.data.notification_time}
              disabled={saving}
              onChange={(e) =>
                prefs.data &&
                e.target.value &&
                void save({ ...prefs.data, notification_time: e.target.value })
              }
              sx={{ maxWidth: 240 }}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <RouterLink to="/notifications">{t.allNotifications}</RouterLink>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
