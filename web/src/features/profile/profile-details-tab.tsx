import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Avatar, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import {
  errorMessages,
  profileUpdateSchema,
  validationMessages,
  userInitials,
  type Profile,
  type ProfileUpdate,
} from '@casa/shared-schema';
import type { z } from 'zod';
import { useSession } from '../auth/session.queries';
import { useToast } from '../../ui/toast-provider';
import { acceptablePhoto, PHOTO_ACCEPT } from './photo-rules';
import { useSyncClient } from '../../data/sync-provider';
import { NEEDS_CONNECTION } from '../../ui/needs-connection';
import { ReadOnlyWhen } from './read-only-when';
import { profileFailure, removePhoto, saveProfile, saveProfileOffline, uploadPhoto } from './profile.api';
import { profileTexts as t } from './profile.texts';

type Fields = z.input<typeof profileUpdateSchema>;

function PhotoCard({
  profile,
  onChange,
  offline,
}: {
  profile: Profile;
  onChange: (next: Profile) => void;
  /** The photo is uploaded at once: offline its buttons show disabled, not only the fieldset around them. */
  offline: boolean;
}) {
  const toast = useToast();
  const { refresh } = useSession();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const pick = async (file: File | undefined) => {
    if (!file || !acceptablePhoto(file)) return;
    setBusy(true);
    try {
      const { profilePhoto } = await uploadPhoto(file);
      onChange({ ...profile, profileImageUrl: profilePhoto });
      toast({ title: errorMessages.photoUpdated, variant: 'success' });
      void refresh();
    } catch (error) {
      toast({ title: profileFailure(error, errorMessages.photoUploadFailed), variant: 'destructive' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await removePhoto();
      onChange({ ...profile, profileImageUrl: null });
      toast({ title: errorMessages.photoRemoved, variant: 'success' });
      void refresh();
    } catch (error) {
      toast({ title: profileFailure(error, errorMessages.photoRemoveFailed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5} sx={{ alignItems: { sm: 'center' } }}>
      <Avatar
        src={profile.profileImageUrl ?? undefined}
        alt=""
        data-testid="profile-avatar"
        sx={{ width: 96, height: 96, fontSize: 34, bgcolor: 'primary.main', color: 'primary.contrastText' }}
      >
        {userInitials(profile)}
      </Avatar>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => input.current?.click()} disabled={busy || offline}>
            {t.changePhoto}
          </Button>
          {profile.profileImageUrl && (
            <Button color="error" onClick={() => void remove()} disabled={busy || offline}>
              {t.removePhoto}
            </Button>
          )}
        </Stack>
        <Typography variant="body2" color="textSecondary">
          {t.photoHelp}
        </Typography>
        <input
          ref={input}
          type="file"
          accept={PHOTO_ACCEPT}
          hidden
          data-testid="photo-input"
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </Stack>
    </Stack>
  );
}

export function ProfileDetailsTab({
  profile,
  offline = false,
  onChange,
}: {
  profile: Profile;
  /** Saved through the replica (the outbox sends it); the email and the photo stay as they are. */
  offline?: boolean;
  onChange: (next: Profile) => void;
}) {
  const toast = useToast();
  const { refresh } = useSession();
  const sync = useSyncClient();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Fields, unknown, ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: {
      firstName: profile.firstName ?? '',
      lastName: profile.lastName ?? '',
      email: profile.email,
      phone: profile.phone ?? '',
      bio: profile.bio ?? '',
      currentPassword: '',
    },
  });
  // The login email is a credential: changing it asks for the current password (issue 17).
  const email = useWatch({ control, name: 'email' });
  const emailChanged = !offline && (email ?? '').trim().toLowerCase() !== profile.email.toLowerCase();

  const submit = handleSubmit(async (values) => {
    if (offline) {
      try {
        const form = { ...values, email: profile.email };
        await saveProfileOffline(sync, form);
        onChange({
          ...profile,
          firstName: form.firstName,
          lastName: form.lastName ?? null,
          phone: form.phone ?? null,
          bio: form.bio ?? null,
        });
        toast({ title: errorMessages.profileUpdated, variant: 'success' });
      } catch {
        toast({ title: errorMessages.profileUpdateFailed, variant: 'destructive' });
      }
      return;
    }
    if (emailChanged && !values.currentPassword) {
      setError('currentPassword', { message: validationMessages.emailChangeNeedsPassword });
      return;
    }
    try {
      const { currentPassword, ...fields } = values;
      onChange(await saveProfile(emailChanged ? { ...fields, currentPassword } : fields));
      toast({ title: errorMessages.profileUpdated, variant: 'success' });
      void refresh();
    } catch (error) {
      toast({ title: profileFailure(error, errorMessages.profileUpdateFailed), variant: 'destructive' });
    }
  });

  const field = (name: keyof Fields) => {
    const { ref, ...rest } = register(name);
    return { ...rest, inputRef: ref, error: Boolean(errors[name]), helperText: errors[name]?.message };
  };

  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={3}>
          <ReadOnlyWhen readOnly={offline}>
            <PhotoCard profile={profile} onChange={onChange} offline={offline} />
          </ReadOnlyWhen>
          <Box component="form" noValidate onSubmit={submit}>
            <Stack spacing={2.5}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField {...field('firstName')} label={t.firstName} required autoComplete="given-name" />
                <TextField {...field('lastName')} label={t.lastName} autoComplete="family-name" />
              </Stack>
              <TextField
                {...field('email')}
                label={t.email}
                type="email"
                required
                autoComplete="email"
                {...(offline
                  ? { helperText: NEEDS_CONNECTION.email, slotProps: { htmlInput: { readOnly: true } } }
                  : {})}
              />
              {emailChanged && (
                <TextField
                  {...field('currentPassword')}
                  label={t.emailPassword}
                  type="password"
                  required
                  autoComplete="current-password"
                  helperText={errors.currentPassword?.message ?? t.emailPasswordHelp}
                />
              )}
              <TextField {...field('phone')} label={t.phone} type="tel" autoComplete="tel" />
              <TextField {...field('bio')} label={t.bio} multiline rows={4} />
              <Box>
                <Button type="submit" variant="contained" disabled={isSubmitting}>
                  {isSubmitting ? t.saving : t.save}
                </Button>
              </Box>
            </Stack>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
