import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import {
  errorMessages,
  settingsPasswordChangeSchema,
  type SettingsPasswordChange,
} from '@casa/shared-schema';
import type { z } from 'zod';
import { textFieldProps } from '../../ui/form-field-props';
import { PasswordField } from '../../ui/password-field';
import { NEEDS_CONNECTION, NeedsConnection } from '../../ui/needs-connection';
import { useToast } from '../../ui/toast-provider';
import { useOnline } from '../../lib/use-online';
import { logout } from '../auth/auth.actions';
import { changeSettingsPassword, passwordFailure } from './settings.api';
import { settingsTexts as t } from './settings.texts';
import { PasswordStrengthMeter } from './password-strength-meter';
import { PrivacyCard } from './privacy-card';

type Fields = z.input<typeof settingsPasswordChangeSchema>;

/** docs/product.md#accounts: after a password change the settings screen goes to /login 2 seconds later. */
export const PASSWORD_CHANGED_REDIRECT_MS = 2000;

function PasswordCard() {
  const toast = useToast();
  const online = useOnline();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<Fields, unknown, SettingsPasswordChange>({
    resolver: zodResolver(settingsPasswordChangeSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const current = useWatch({ control, name: 'currentPassword' });
  const next = useWatch({ control, name: 'newPassword' });

  const submit = handleSubmit(async (values) => {
    try {
      await changeSettingsPassword(values);
    } catch (error) {
      toast({ title: passwordFailure(error, errorMessages.passwordChangeFailed), variant: 'destructive' });
      throw error;
    }
    toast({
      title: errorMessages.passwordChanged,
      description: t.passwordChangedRedirect,
      variant: 'success',
    });
    // A new sign-in with the new password: end this session, then /login.
    setTimeout(() => void logout(), PASSWORD_CHANGED_REDIRECT_MS);
  });

  const field = textFieldProps(register, errors);

  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          {t.changePassword}
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => void submit(e).catch(() => undefined)}
          sx={{ maxWidth: 480 }}
        >
          <Stack spacing={2.5}>
            {!online && <NeedsConnection text={NEEDS_CONNECTION.password} />}
            <PasswordField {...field('currentPassword', t.currentPassword, 'current-password')} />
            <PasswordField {...field('newPassword', t.newPassword, 'new-password')} />
            <PasswordStrengthMeter password={next ?? ''} />
            <PasswordField {...field('confirmPassword', t.confirmPassword, 'new-password')} />
            <Box>
              <Button
                type="submit"
                variant="contained"
                disabled={!online || !current || !next || isSubmitting || isSubmitSuccessful}
              >
                {t.changePassword}
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

/** Settings › Segurança: password change with the strength meter, and the privacy switches. */
export function SettingsSecurityTab({ userId }: { userId: string }) {
  return (
    <Stack spacing={3}>
      <PasswordCard />
      <PrivacyCard userId={userId} />
    </Stack>
  );
}
