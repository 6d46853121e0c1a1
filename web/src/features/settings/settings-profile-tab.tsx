import { useForm } from 'react-hook-form';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  errorMessages,
  profileUpdateSchema,
  ROLE_LABELS_SETTINGS,
  roleLabel,
  type CurrentUser,
  type Profile,
} from '@casa/shared-schema';
import { useLoad } from '../../lib/use-load';
import { RouterButton, RouterLink } from '../../ui/router-link';
import { useToast } from '../../ui/toast-provider';
import { useSession } from '../auth/session.queries';
import { OfflineNotice } from '../../ui/offline-notice';
import { useSyncClient } from '../../data/sync-provider';
import { loadProfileOrCached, ownReplicaRow, saveProfileOffline } from '../profile/profile.api';
import { ReadOnlyWhen } from '../profile/read-only-when';
import { useOnline } from '../../lib/use-online';
import { updateSettingsProfile } from './settings.api';
import { settingsTexts as t } from './settings.texts';

type Fields = { firstName: string; lastName: string; phone: string };

function PersonalDataForm({ profile, offline }: { profile: Profile; offline: boolean }) {
  const toast = useToast();
  const { refresh } = useSession();
  const sync = useSyncClient();
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<Fields>({
    defaultValues: {
      firstName: profile.firstName ?? '',
      lastName: profile.lastName ?? '',
      phone: profile.phone ?? '',
    },
  });
  const submit = handleSubmit(async (values) => {
    try {
      if (offline) {
        // The whole profile form through the replica (bio and email as stored), sent once when online.
        const parsed = profileUpdateSchema.parse({ ...values, email: profile.email, bio: profile.bio });
        await saveProfileOffline(sync, parsed);
        toast({ title: errorMessages.profileUpdated, variant: 'success' });
        return;
      }
      await updateSettingsProfile(values);
      toast({ title: errorMessages.profileUpdated, variant: 'success' });
      void refresh();
    } catch {
      toast({ title: errorMessages.settingsProfileUpdateFailed, variant: 'destructive' });
    }
  });
  const field = (name: keyof Fields) => {
    const { ref, ...rest } = register(name);
    return { ...rest, inputRef: ref };
  };
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2.5}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField {...field('firstName')} label={t.firstName} autoComplete="given-name" />
          <TextField {...field('lastName')} label={t.lastName} autoComplete="family-name" />
        </Stack>
        <TextField
          label={t.email}
          value={profile.email}
          helperText={t.emailReadOnly}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <TextField {...field('phone')} label={t.phone} type="tel" autoComplete="tel" />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? t.saving : t.saveProfile}
          </Button>
          <RouterLink to="/perfil">{t.fullProfile}</RouterLink>
        </Stack>
      </Stack>
    </Box>
  );
}

/** Settings › Perfil: personal data (email not editable) and the organization summary (docs/product.md#accounts). */
export function SettingsProfileTab({ user }: { user: CurrentUser }) {
  // Loaded again when the connection comes or goes: the server's profile replaces the cached one.
  const online = useOnline();
  const sync = useSyncClient();
  const loaded = useLoad(
    () => loadProfileOrCached(user, undefined, ownReplicaRow(sync, user.id)),
    `${user.id}-${online}-${sync ? 'replica' : 'none'}`,
  );
  const offline = loaded.data?.offline === true;
  const editable = loaded.data?.editable !== false;
  const profile = { loading: loaded.loading, data: loaded.data?.profile };
  return (
    <Stack spacing={3}>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
            {t.personalData}
          </Typography>
          {profile.loading ? (
            <Stack spacing={2}>
              <Skeleton variant="rounded" height={56} />
              <Skeleton variant="rounded" height={56} />
            </Stack>
          ) : profile.data ? (
            <Stack spacing={2}>
              {offline && (
                <OfflineNotice
                  detail={
                    editable ? errorMessages.profileOfflineEditableDetail : errorMessages.profileOfflineDetail
                  }
                  testId="profile-offline"
                />
              )}
              <ReadOnlyWhen readOnly={!editable}>
                <PersonalDataForm profile={profile.data} offline={offline} />
              </ReadOnlyWhen>
            </Stack>
          ) : (
            <Alert severity="error">{errorMessages.profileLoadError}</Alert>
          )}
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            {t.organization}
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{user.organizationName ?? '—'}</Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', my: 1.5 }}>
            <Typography color="textSecondary">{t.role}:</Typography>
            <Chip
              size="small"
              color="primary"
              label={roleLabel(user.role, ROLE_LABELS_SETTINGS)}
              data-testid="settings-role"
            />
          </Stack>
          {user.role === 'admin' ? (
            <RouterButton to="/admin" variant="outlined">
              {t.manageOrganization}
            </RouterButton>
          ) : (
            <Typography variant="body2" color="textSecondary">
              {errorMessages.onlyAdminsManageOrganization}
            </Typography>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
