import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormControlLabel, Switch, TextField } from '@mui/material';
import { systemSettingsSchema, type SystemSettings } from '@casa/shared-schema';
import { textFieldProps } from '../../ui/form-field-props';
import { SectionFormCard } from './section-form-card';
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
    <SectionFormCard
      onSubmit={handleSubmit((notifications) => onSave({ notifications }))}
      submitting={isSubmitting}
    >
      {toggle('criticalEmailAlerts')}
      <TextField {...field('adminEmail', t.adminEmail, 'email')} type="email" />
      {SWITCHES.map(toggle)}
    </SectionFormCard>
  );
}
