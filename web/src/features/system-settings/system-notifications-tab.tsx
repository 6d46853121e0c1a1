import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Card, CardContent, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { systemSettingsSchema, type SystemSettings } from '@casa/shared-schema';
import { textFieldProps } from '../../ui/form-field-props';
import { systemTexts as t } from './system-settings.texts';

type Notifications = SystemSettings['notifications'];
const SWITCHES = ['systemFailures', 'newOrganizations', 'weeklyReports'] as const;

/** Notificações: e-mail alerts for critical problems, the admin's e-mail (prefilled), three switches. */
export function SystemNotificationsTab({
  settings,
  userEmail,
  onSave,
}: {
  settings: SystemSettings;
  userEmail: string;
  onSave: (patch: { notifications: Notifications }) => Promise<void>;
}) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Notifications>({
    resolver: zodResolver(systemSettingsSchema.shape.notifications),
    defaultValues: { ...settings.notifications, adminEmail: settings.notifications.adminEmail || userEmail },
  });
  const field = textFieldProps(register, errors);
  const toggle = (name: 'criticalEmailAlerts' | (typeof SWITCHES)[number]) => (
    <Controller
      key={name}
      name={name}
      control={control}
      render={({ field: f }) => (
        <FormControlLabel
          control={<Switch checked={f.value} onChange={(_, v) => f.onChange(v)} onBlur={f.onBlur} />}
          label={t[name]}
        />
      )}
    />
  );
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          component="form"
          noValidate
          onSubmit={handleSubmit((notifications) => onSave({ notifications }))}
          sx={{ maxWidth: 520 }}
        >
          <Stack spacing={2}>
            {toggle('criticalEmailAlerts')}
            <TextField {...field('adminEmail', t.adminEmail, 'email')} type="email" />
            {SWITCHES.map(toggle)}
            <Box>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {isSubmitting ? t.saving : t.save}
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
