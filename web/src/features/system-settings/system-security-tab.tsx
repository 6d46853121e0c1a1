import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Card,
  CardContent,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import CheckCircleOutlineRoundedIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import { systemSettingsSchema, type SystemSettings } from '@casa/shared-schema';
import { SectionFormCard } from './section-form-card';
import { systemTexts as t } from './system-settings.texts';

type Security = SystemSettings['security'];

/** Segurança: session timeout and login attempts (the latter is the lockout threshold), password policy. */
export function SystemSecurityTab({
  settings,
  onSave,
}: {
  settings: SystemSettings;
  onSave: (patch: { security: Security }) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Security>({
    resolver: zodResolver(systemSettingsSchema.shape.security),
    defaultValues: settings.security,
  });
  const number = (name: keyof Security, label: string, help: string) => {
    const { ref, ...rest } = register(name, { valueAsNumber: true });
    return {
      ...rest,
      inputRef: ref,
      label,
      type: 'number',
      error: Boolean(errors[name]),
      helperText: errors[name]?.message ?? help,
    };
  };
  return (
    <Stack spacing={3}>
      <SectionFormCard onSubmit={handleSubmit((security) => onSave({ security }))} submitting={isSubmitting}>
        <TextField {...number('sessionTimeoutMinutes', t.sessionTimeout, t.sessionTimeoutHelp)} />
        <TextField {...number('maxLoginAttempts', t.maxLoginAttempts, t.maxLoginAttemptsHelp)} />
      </SectionFormCard>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {t.passwordPolicy}
          </Typography>
          <List dense>
            {t.policy.map((rule) => (
              <ListItem key={rule} disableGutters>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <CheckCircleOutlineRoundedIcon color="success" fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={rule} />
              </ListItem>
            ))}
          </List>
        </CardContent>
      </Card>
    </Stack>
  );
}
