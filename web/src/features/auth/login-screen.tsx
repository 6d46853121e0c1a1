import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { errorMessages, loginSchema, type LoginInput } from '@casa/shared-schema';
import type { z } from 'zod';
import { AuthLayout } from '../../ui/auth-layout';
import { PasswordField } from '../../ui/password-field';
import { RouterLink } from '../../ui/router-link';
import { enterApp, login } from './auth.actions';
import { serverMessage } from '../../lib/server-message';
import { MaintenanceBanner } from '../maintenance/maintenance-banner';

type LoginFields = z.input<typeof loginSchema>;

export function LoginScreen({ suspended }: { suspended: boolean }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFields, unknown, LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await login(values);
      enterApp();
    } catch (error) {
      setServerError(serverMessage(error, errorMessages.loginFailed));
    }
  });

  // Both fields share one message (docs/product.md#accounts), so it is shown once above the form.
  const validationError = errors.email?.message ?? errors.password?.message;
  const { ref: emailRef, ...email } = register('email');
  const { ref: passwordRef, ...password } = register('password');

  return (
    <AuthLayout title="Iniciar Sessão" subtitle="Aceda à sua conta para continuar.">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          <MaintenanceBanner />
          {suspended && (
            <Alert severity="warning" data-testid="suspended-alert">
              {errorMessages.accountSuspended}
            </Alert>
          )}
          {(serverError ?? validationError) && (
            <Alert severity="error" role="alert">
              {serverError ?? validationError}
            </Alert>
          )}
          <TextField
            {...email}
            inputRef={emailRef}
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={Boolean(errors.email)}
            autoFocus
          />
          <PasswordField
            {...password}
            inputRef={passwordRef}
            label="Palavra-passe"
            autoComplete="current-password"
            error={Boolean(errors.password)}
          />
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting} fullWidth>
            {isSubmitting ? 'A entrar...' : 'Entrar'}
          </Button>
          <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
            Ainda não tem conta?{' '}
            <RouterLink to="/register" underline="hover" sx={{ fontWeight: 600 }}>
              Criar conta
            </RouterLink>
          </Typography>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
