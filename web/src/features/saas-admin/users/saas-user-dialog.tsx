import { Controller, useForm, useWatch } from 'react-hook-form';
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
import type { Organization, User, UserStatus } from '@casa/shared-schema';
import { ROLE_LABELS, ROLES, USER_STATUS_LABELS } from '@casa/shared-schema/values';
import { PasswordField } from '../../../ui/password-field';
import { textFieldProps } from '../../../ui/form-field-props';
import {
  saasUserDefaults,
  saasUserResolver,
  type SaasUserFields,
  type SaasUserPayload,
} from './saas-user-form';
import { isProtectedUser } from './saas-users.logic';
import { saasUsersTexts as t } from './saas-users.texts';

// The disabled grey is too faint (contrast) for a sentence the admin must read.
const readableHelper = { formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } };

/**
 * 'Novo Utilizador' / 'Editar Utilizador' (docs/product.md#saas-admin): email disabled in edit, organization required
 * unless the role is super_admin, password optional in edit. Resolves false on failure to stay open.
 */
export function SaasUserDialog({
  editing,
  organizations,
  onClose,
  onSubmit,
}: {
  editing: User | null;
  organizations: readonly Organization[];
  onClose: () => void;
  onSubmit: (payload: SaasUserPayload) => Promise<boolean>;
}) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SaasUserFields, unknown, SaasUserPayload>({
    defaultValues: saasUserDefaults(editing),
    resolver: saasUserResolver(editing),
  });
  const field = textFieldProps(register, errors);
  const role = useWatch({ control, name: 'role' });
  const superAdmin = role === 'super_admin';
  const locked = editing !== null && isProtectedUser(editing);
  // Only a new user may become super admin; the server refuses promoting or demoting one in edit.
  const roles = ROLES.filter((r) => (editing ? (r === 'super_admin') === locked : true));
  const statuses: UserStatus[] =
    editing?.status === 'inactive' ? ['active', 'suspended', 'inactive'] : ['active', 'suspended'];

  const submit = handleSubmit(async (payload) => {
    if (await onSubmit(payload)) onClose();
  });

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="saas-user-dialog-title"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="saas-user-dialog-title">{editing ? t.editUser : t.newUser}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField {...field('firstName', t.fields.firstName, 'given-name')} required fullWidth />
              <TextField {...field('lastName', t.fields.lastName, 'family-name')} fullWidth />
            </Stack>
            <TextField
              {...field('email', t.fields.email, 'off')}
              type="email"
              required={!editing}
              disabled={editing !== null}
              helperText={errors.email?.message ?? (editing ? t.fields.emailLocked : undefined)}
              slotProps={readableHelper}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                control={control}
                name="role"
                render={({ field: f }) => (
                  <TextField
                    select
                    label={t.fields.role}
                    value={f.value}
                    onChange={f.onChange}
                    onBlur={f.onBlur}
                    inputRef={f.ref}
                    disabled={locked}
                    fullWidth
                  >
                    {roles.map((r) => (
                      <MenuItem key={r} value={r}>
                        {ROLE_LABELS[r]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={control}
                name="status"
                render={({ field: f }) => (
                  <TextField
                    select
                    label={t.fields.status}
                    value={f.value}
                    onChange={f.onChange}
                    onBlur={f.onBlur}
                    inputRef={f.ref}
                    disabled={locked}
                    fullWidth
                  >
                    {statuses.map((s) => (
                      <MenuItem key={s} value={s}>
                        {USER_STATUS_LABELS[s]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
            <Controller
              control={control}
              name="organizationId"
              render={({ field: f, fieldState }) => (
                <TextField
                  select
                  label={t.fields.organization}
                  value={superAdmin ? '' : f.value}
                  onChange={f.onChange}
                  onBlur={f.onBlur}
                  inputRef={f.ref}
                  disabled={superAdmin}
                  required={!superAdmin}
                  error={!superAdmin && Boolean(fieldState.error)}
                  helperText={superAdmin ? t.fields.superAdminNoOrganization : fieldState.error?.message}
                  slotProps={readableHelper}
                >
                  {organizations.map((o) => (
                    <MenuItem key={o.id} value={o.id}>
                      {o.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <PasswordField
              {...field('password', t.fields.password, 'new-password')}
              required={!editing}
              helperText={
                errors.password?.message ??
                (editing ? t.fields.passwordEditHelp : t.fields.passwordCreateHelp)
              }
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t.cancel}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? t.saving : editing ? t.save : t.create}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
