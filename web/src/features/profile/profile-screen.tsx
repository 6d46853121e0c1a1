import { useState } from 'react';
import { Alert, Skeleton, Stack } from '@mui/material';
import { errorMessages, type CurrentUser } from '@casa/shared-schema';
import { useLoad } from '../../lib/use-load';
import { OfflineNotice } from '../../ui/offline-notice';
import { useOnline } from '../../lib/use-online';
import { ReadOnlyWhen } from './read-only-when';
import { TabbedPage } from '../../ui/tabbed-page';
import { loadProfileOrCached } from './profile.api';
import { profileTexts as t } from './profile.texts';
import { ProfileAdvancedTab } from './profile-advanced-tab';
import { ProfileAppearanceTab } from './profile-appearance-tab';
import { ProfileDetailsTab } from './profile-details-tab';
import { ProfilePasswordTab } from './profile-password-tab';

const TABS = ['profile', 'security', 'appearance', 'advanced'] as const;
type TabKey = (typeof TABS)[number];

/** /perfil (docs/product.md#accounts): four tabs over GET /api/profile (offline: the signed-in user this device knows). */
export default function ProfileScreen({ user }: { user: CurrentUser }) {
  const [tab, setTab] = useState<TabKey>('profile');
  // Loaded again when the connection comes or goes: the server's profile replaces the cached one.
  const online = useOnline();
  const loaded = useLoad(() => loadProfileOrCached(user), `${user.id}-${online}`);
  const profile = { loading: loaded.loading, data: loaded.data?.profile };
  const offline = loaded.data?.offline === true;

  return (
    <TabbedPage
      idPrefix="profile"
      title={t.title}
      tabs={TABS.map((key) => ({ key, label: t.tabs[key] }))}
      value={tab}
      onChange={setTab}
    >
      {profile.loading ? (
        <Stack spacing={2} data-testid="profile-skeleton" aria-busy="true">
          <Skeleton variant="circular" width={96} height={96} />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={120} />
        </Stack>
      ) : !profile.data ? (
        <Alert severity="error">{errorMessages.profileLoadError}</Alert>
      ) : tab === 'profile' ? (
        <Stack spacing={2}>
          {offline && <OfflineNotice detail={errorMessages.profileOfflineDetail} testId="profile-offline" />}
          <ReadOnlyWhen readOnly={offline}>
            <ProfileDetailsTab
              profile={profile.data}
              onChange={(next) => loaded.setData({ profile: next, offline: false })}
            />
          </ReadOnlyWhen>
        </Stack>
      ) : tab === 'security' ? (
        <ProfilePasswordTab />
      ) : tab === 'appearance' ? (
        <ProfileAppearanceTab user={user} />
      ) : (
        <ProfileAdvancedTab profile={profile.data} />
      )}
    </TabbedPage>
  );
}
