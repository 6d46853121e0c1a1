import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, TextField } from '@mui/material';
import { individualSignupSchema, type IndividualSignup } from '@casa/shared-schema';
import type { z } from 'zod';
import { textFieldProps } from '../../ui/form-field-props';
import { PasswordField } from '../../ui/password-field';

type Fields = z.input<typeof individualSignupSchema>;

/** Individual agent sign-up fields (docs/product.md#sign-up); the plan and cycle come from the dialog. */
export function IndividualForm({
  formId,
  disabled,
  onValid,
}: {
  formId: string;
  disabled: boolean;
  onValid: (values: IndividualSignup) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Fields, unknown, IndividualSignup>({
    resolver: zodResolver(individualSignupSchema),
    defaultValues: { name: '', email: '', phone: '', licenseNumber: '', password: '' },
  });
  const field = textFieldProps(register, errors);

  return (
    <form id={formId} noValidate onSubmit={handleSubmit(onValid)}>
      <Stack spacing={2} component="fieldset" disabled={disabled} sx={{ border: 0, p: 0, m: 0 }}>
        <TextField {...field('name', 'Nome completo', 'name')} required />
        <TextField
          {...field('email', 'Email', 'email')}
          type="email"
          slotProps={{ htmlInput: { inputMode: 'email' } }}
          required
        />
        <TextField
          {...field('phone', 'Telefone', 'tel')}
          type="tel"
          slotProps={{ htmlInput: { inputMode: 'tel' } }}
          required
        />
        <TextField {...field('licenseNumber', 'Número de licença AMI', 'off')} required />
        <PasswordField {...field('password', 'Palavra-passe', 'new-password')} required />
      </Stack>
    </form>
  );
}
