import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, TextField, Typography } from '@mui/material';
import {
  adminProfileFormSchema,
  errorMessages,
  type AdminProfileForm,
  type Profile,
} from '@casa/shared-schema';
import { useLoad } from '../../lib/use-load';
import { textFieldProps } from '../../ui/form-field-props';
import { PasswordField } from '../../ui/password-field';
import { useToast } from '../../ui/toast-provider';
import { useSession } from '../auth/session.queries';
import { changeProfilePassword, loadProfile, profileFailure, saveProfile } from '../profile/profile.api';
import { systemTexts as t } from './system-settings.texts';

const formOf = (p: Profile): AdminProfileForm => ({
  firstName: p.firstName ?? '',
  lastName: p.lastName ?? '',
  email: p.email,
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
});

function AdminProfileFormCard({ profile, onSaved }: { profile: Profile; onSaved: (p: Profile) => void }) {
  const toast = useToast();
  const { refresh } = useSession();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AdminProfileForm>({
    resolver: zodResolver(adminProfileFormSchema),
    defaultValues: formOf(profile),
  });
  const field = textFieldProps(register, errors);

  // Saves the names and email (PUT /api/profile), then the password only when a new one was typed.
  const submit = handleSubmit(async (v) => {
    let saved: Profile;
    try {
      // A new email needs the current password (issue 17); the server ignores it otherwise.
      saved = await saveProfile({
        firstName: v.firstName,
        lastName: v.lastName || null,
        email: v.email,
        currentPassword: v.currentPassword || undefined,
      });
    } catch (error) {
      return toast({
        title: profileFailure(error, errorMessages.profileUpdateFailed),
        variant: 'destructive',
      });
    }
    onSaved(saved);
    void refresh();
    if (v.newPassword) {
      try {
        await changeProfilePassword({
          currentPassword: v.currentPassword,
          newPassword: v.newPassword,
          confirmPassword: v.confirmPassword,
        });
      } catch (error) {
        reset({
          ...formOf(saved),
          currentPassword: v.currentPassword,
          newPassword: v.newPassword,
          confirmPassword: v.confirmPassword,
        });
        return toast({
          title: profileFailure(error, errorMessages.profilePasswordChangeFailed),
          variant: 'destructive',
        });
      }
      toast({ title: errorMessages.passwordChanged, variant: 'success' });
    } else {
      toast({ title: errorMessages.profileUpdated, variant: 'success' });
    }
    reset(formOf(saved));
  });

  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 560 }}>
          <Stack spacing={2.5}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField {...field('firstName', t.firstName, 'given-name')} fullWidth />
              <TextField {...field('lastName', t.lastName, 'family-name')} fullWidth />
            </Stack>
            <TextField {...field('email', t.email, 'email')} type="email" />
            <Typography color="textSecondary">{t.roleLabel}</Typography>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700, pt: 1 }}>
              {t.changePassword}
            </Typography>
            <PasswordField {...field('currentPassword', t.currentPassword, 'current-password')} />
            <PasswordField {...field('newPassword', t.newPassword, 'new-password')} />
            <PasswordField {...field('confirmPassword', t.confirmPassword, 'new-password')} />
            <Stack direction="row" spacing={1.5}>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {isSubmitting ? t.savingChanges : t.saveChanges}
              </Button>
              <Button variant="outlined" onClick={() => reset(formOf(profile))} disabled={isSubmitting}>
                {t.cancel}
              </Button>
            </Stack>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

/** Perfil Admin: the super admin's own names, email and password ('Guardar Alterações' / 'Cancelar'). */
export function SystemAdminProfileTab({ userId }: { userId: string }) {
  const profile = useLoad(() => loadProfile(), userId);
  if (profile.loading) return <Skeleton variant="rounded" height={360} />;
  if (!profile.data) return <Alert severity="error">{errorMessages.profileLoadError}</Alert>;
  return <AdminProfileFormCard profile={profile.data} onSaved={(p) => profile.setData(p)} />;
}
