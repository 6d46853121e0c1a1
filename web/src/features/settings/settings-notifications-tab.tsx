import { useState } from 'react';
import {
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
import type { NotificationPreferences } from '@casa/shared-schema';
import { errorMessages } from '@casa/shared-schema/values';
import { useOwnNotificationPreferences } from '../../data/own-settings';
import { useSyncClient } from '../../data/sync-provider';
import { RouterLink } from '../../ui/router-link';
import { useToast } from '../../ui/toast-provider';
import { PushDeviceControl } from './push-device-control';
import { settingsTexts as t } from './settings.texts';

type SwitchKey = keyof typeof t.notificationTypes;
const SWITCHES = Object.keys(t.notificationTypes) as SwitchKey[];

/**
 * Settings › Notificações: each change replaces the whole preferences object (docs/product.md#notifications), on the replica
 * at once (offline too) and queued for the server as `updateNotificationPreferences`.
 */
export function SettingsNotificationsTab({ userId }: { userId: string }) {
  const toast = useToast();
  const sync = useSyncClient();
  const prefs = useOwnNotificationPreferences(userId);
  const [saving, setSaving] = useState(false);

  const save = async (next: NotificationPreferences) => {
    setSaving(true);
    try {
      if (!sync) throw new Error('replica not open');
      await sync.mutate.updateNotificationPreferences(next);
    } catch {
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
        {!prefs ? (
          <Stack spacing={1}>
            {SWITCHES.map((key) => (
              <Skeleton key={key} variant="rounded" height={38} />
            ))}
          </Stack>
        ) : (
          <Stack spacing={2}>
            <FormGroup>
              {SWITCHES.map((key) => (
                <FormControlLabel
                  key={key}
                  label={t.notificationTypes[key]}
                  control={
                    <Switch
                      checked={prefs[key]}
                      disabled={saving}
                      onChange={(_, checked) => void save({ ...prefs, [key]: checked })}
                    />
                  }
                />
              ))}
            </FormGroup>
            <TextField
              label={t.notificationTime}
              type="time"
              value={prefs.notification_time}
              disabled={saving}
              onChange={(e) => e.target.value && void save({ ...prefs, notification_time: e.target.value })}
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
