import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import {
  errorMessages,
  registerFormSchema,
  validationMessages,
  type RegisterForm,
  type RegisterResponse,
} from '@casa/shared-schema';
import type { z } from 'zod';

import { AuthLayout } from '../../ui/auth-layout';
import { PasswordField } from '../../ui/password-field';
import { RouterLink } from '../../ui/router-link';
import { useToast } from '../../ui/toast-provider';
import { signupResultText } from '../signup/signup.texts';
import { register as registerAccount } from './auth.actions';
import { serverMessage } from '../../lib/server-message';

type RegisterFields = z.input<typeof registerFormSchema>;
type FieldName = keyof RegisterFields;

const FIELD_ORDER: FieldName[] = ['fullName', 'email', 'organizationName', 'password', 'confirmPassword'];

/** The "fill in the required fields" message is shown once on top; other messages sit under their field. */
function summaryOf(errors: FieldErrors<RegisterFields>): string | undefined {
  const missing = FIELD_ORDER.some((f) => errors[f]?.message === validationMessages.fillRequiredFields);
  return missing ? validationMessages.fillRequiredFields : undefined;
}

function fieldHelp(errors: FieldErrors<RegisterFields>, field: FieldName): string | undefined {
  const message = errors[field]?.message;
  return message && message !== validationMessages.fillRequiredFields ? message : undefined;
}

export function RegisterScreen() {
  const navigate = useNavigate();
  const toast = useToast();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFields, unknown, RegisterForm>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { fullName: '', email: '', organizationName: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    let answer: RegisterResponse;
    try {
      answer = await registerAccount(values);
    } catch (error) {
      setServerError(serverMessage(error, errorMessages.registerFailed));
      return;
    }
    // An organization whose registration settings claim the email's domain may have taken the account.
    const joined = answer?.outcome === 'joined' ? answer.joinedOrganization : undefined;
    if (joined) {
      const result = signupResultText(joined);
      toast({ title: result.title, description: result.text, variant: 'success' });
    } else {
      toast({ title: errorMessages.registerSucceeded, variant: 'success' });
    }
    await navigate({ to: '/login' });
  });

  const field = (name: FieldName) => {
    const { ref, ...rest } = register(name);
    return { ...rest, inputRef: ref, error: Boolean(errors[name]), helperText: fieldHelp(errors, name) };
  };
  const topError = serverError ?? summaryOf(errors);

  return (
    <AuthLayout title="Criar Conta" subtitle="Comece a gerir os seus clientes em minutos.">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          {topError && (
            <Alert severity="error" role="alert">
              {topError}
            </Alert>
          )}
          <TextField {...field('fullName')} label="Nome completo" autoComplete="name" required autoFocus />
          <TextField
            {...field('email')}
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
          />
          <TextField
            {...field('organizationName')}
            label="Nome da organização (opcional)"
            autoComplete="organization"
          />
          <PasswordField {...field('password')} label="Palavra-passe" autoComplete="new-password" required />
          <PasswordField
            {...field('confirmPassword')}
            label="Confirmar palavra-passe"
            autoComplete="new-password"
            required
          />
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting} fullWidth>
            {isSubmitting ? 'A criar conta...' : 'Criar conta'}
          </Button>
          <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
            Já tem conta?{' '}
            <RouterLink to="/login" underline="hover" sx={{ fontWeight: 600 }}>
              Iniciar sessão
            </RouterLink>
          </Typography>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
