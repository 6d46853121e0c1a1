import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Card, CardContent, Stack } from '@mui/material';
import { errorMessages, profilePasswordChangeSchema, type ProfilePasswordChange } from '@casa/shared-schema';
import type { z } from 'zod';
import { textFieldProps } from '../../ui/form-field-props';
import { PasswordField } from '../../ui/password-field';
import { NEEDS_CONNECTION, NeedsConnection } from '../../ui/needs-connection';
import { useToast } from '../../ui/toast-provider';
import { useOnline } from '../../lib/use-online';
import { changeProfilePassword, profileFailure } from './profile.api';
import { profileTexts as t } from './profile.texts';

type Fields = z.input<typeof profilePasswordChangeSchema>;
const EMPTY: Fields = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Profile › Segurança: current, new (≥ 6) and confirmation; success clears the form (docs/product.md#accounts). */
export function ProfilePasswordTab() {
  const toast = useToast();
  const online = useOnline();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Fields, unknown, ProfilePasswordChange>({
    resolver: zodResolver(profilePasswordChangeSchema),
    defaultValues: EMPTY,
  });

  const submit = handleSubmit(async (values) => {
    try {
      await changeProfilePassword(values);
      toast({ title: errorMessages.passwordChanged, variant: 'success' });
      reset(EMPTY);
    } catch (error) {
      toast({
        title: profileFailure(error, errorMessages.profilePasswordChangeFailed),
        variant: 'destructive',
      });
    }
  });

  const field = textFieldProps(register, errors);

  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 480 }}>
          <Stack spacing={2.5}>
            {!online && <NeedsConnection text={NEEDS_CONNECTION.password} />}
            <PasswordField {...field('currentPassword', t.currentPassword, 'current-password')} />
            <PasswordField {...field('newPassword', t.newPassword, 'new-password')} />
            <PasswordField {...field('confirmPassword', t.confirmPassword, 'new-password')} />
            <Box>
              <Button type="submit" variant="contained" disabled={!online || isSubmitting}>
                {t.changePassword}
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
