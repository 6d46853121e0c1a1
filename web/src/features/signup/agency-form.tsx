import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MenuItem, Stack, TextField } from '@mui/material';
import {
  AGENT_COUNT_LABELS,
  AGENT_COUNT_OPTIONS,
  agencySignupSchema,
  type AgencySignup,
} from '@casa/shared-schema';
import type { z } from 'zod';
import { textFieldProps } from '../../ui/form-field-props';
import { PasswordField } from '../../ui/password-field';

type Fields = z.input<typeof agencySignupSchema>;

/** Agency sign-up fields (docs/product.md#sign-up); the plan and cycle come from the dialog. */
export function AgencyForm({
  formId,
  disabled,
  onValid,
}: {
  formId: string;
  disabled: boolean;
  onValid: (values: AgencySignup) => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<Fields, unknown, AgencySignup>({
    resolver: zodResolver(agencySignupSchema),
    defaultValues: {
      organizationName: '',
      adminName: '',
      adminEmail: '',
      adminPhone: '',
      numberOfAgents: '',
      licenseNumber: '',
      password: '',
    },
  });
  const field = textFieldProps(register, errors);

  return (
    <form id={formId} noValidate onSubmit={handleSubmit(onValid)}>
      <Stack spacing={2} component="fieldset" disabled={disabled} sx={{ border: 0, p: 0, m: 0 }}>
        <TextField {...field('organizationName', 'Nome da organização', 'organization')} required />
        <TextField {...field('adminName', 'Nome do administrador', 'name')} required />
        <TextField
          {...field('adminEmail', 'Email', 'email')}
          type="email"
          slotProps={{ htmlInput: { inputMode: 'email' } }}
          required
        />
        <TextField
          {...field('adminPhone', 'Telefone', 'tel')}
          type="tel"
          slotProps={{ htmlInput: { inputMode: 'tel' } }}
          required
        />
        <Controller
          control={control}
          name="numberOfAgents"
          render={({ field: select, fieldState }) => (
            <TextField
              select
              label="Número de agentes"
              required
              name={select.name}
              value={select.value ?? ''}
              onChange={select.onChange}
              onBlur={select.onBlur}
              inputRef={select.ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            >
              {AGENT_COUNT_OPTIONS.map((option) => (
                <MenuItem key={option} value={option}>
                  {AGENT_COUNT_LABELS[option]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField {...field('licenseNumber', 'Número de licença AMI (opcional)', 'off')} />
        <PasswordField {...field('password', 'Palavra-passe', 'new-password')} required />
      </Stack>
    </form>
  );
}
