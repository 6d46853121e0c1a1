import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { textFieldProps } from '../../ui/form-field-props';
import { PasswordField } from '../../ui/password-field';
import { userStatusLabel } from './org-admin.logic';
import { orgAdminTexts as t } from './org-admin.texts';
import { roleOptions, statusOptions, userFormSchema, type UserFormValues } from './user-form.logic';

/** A disabled field's explanation stays readable (the default disabled grey fails contrast). */
const readableHelper = { formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } };

type Props = {
  mode: 'create' | 'edit';
  initial: UserFormValues;
  /** Editing oneself: the role and status stay as they are (the admin cannot suspend themselves). */
  self?: boolean;
  onSubmit: (values: UserFormValues) => Promise<void>;
  onClose: () => void;
};

/** Add/edit an organization user (docs/product.md#organization-admin): in edit the email is disabled and the password hidden. */
export function UserDialog({ mode, initial, self = false, onSubmit, onClose }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<UserFormValues>({ resolver: zodResolver(userFormSchema(mode)), defaultValues: initial });
  const field = textFieldProps(register, errors);
  const d = t.dialog;
  const title = mode === 'create' ? d.createTitle : d.editTitle;
  const submit = handleSubmit(async (values) => onSubmit(values));

  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="org-user-dialog-title"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="org-user-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                {...field('firstName', d.firstName, 'given-name')}
                fullWidth
                disabled={isSubmitting}
              />
              <TextField
                {...field('lastName', d.lastName, 'family-name')}
                fullWidth
                disabled={isSubmitting}
              />
            </Stack>
            {mode === 'create' ? (
              <TextField {...field('email', d.email, 'off')} type="email" disabled={isSubmitting} />
            ) : (
              <TextField
                label={d.emailReadOnly}
                value={initial.email}
                disabled
                helperText={d.emailLocked}
                slotProps={readableHelper}
              />
            )}
            <TextField {...field('phone', d.phone, 'tel')} type="tel" disabled={isSubmitting} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                control={control}
                name="role"
                render={({ field: role }) => (
                  <TextField
                    select
                    fullWidth
                    label={d.role}
                    value={role.value}
                    onChange={role.onChange}
                    onBlur={role.onBlur}
                    inputRef={role.ref}
                    disabled={isSubmitting || self}
                    error={Boolean(errors.role)}
                    helperText={errors.role?.message}
                  >
                    {roleOptions.map((o) => (
                      <MenuItem key={o.value} value={o.value}>
                        {o.label}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={control}
                name="status"
                render={({ field: status }) => (
                  <TextField
                    select
                    fullWidth
                    label={d.status}
                    value={status.value}
                    onChange={status.onChange}
                    onBlur={status.onBlur}
                    inputRef={status.ref}
                    disabled={isSubmitting || self}
                    helperText={self ? t.users.selfHint : errors.status?.message}
                    slotProps={readableHelper}
                  >
                    {statusOptions(initial.status).map((s) => (
                      <MenuItem key={s} value={s}>
                        {userStatusLabel(s)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
            {mode === 'create' && (
              <PasswordField {...field('password', d.password, 'new-password')} disabled={isSubmitting} />
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isSubmitting}>
            {d.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {mode === 'create' ? d.create : d.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
