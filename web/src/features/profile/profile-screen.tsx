import { useState } from 'react';
import { Alert, Skeleton, Stack } from '@mui/material';
import type { CurrentUser } from '@casa/shared-schema';
import { errorMessages } from '@casa/shared-schema/values';
import { useLoad } from '../../lib/use-load';
import { OfflineNotice } from '../../ui/offline-notice';
import { useOnline } from '../../lib/use-online';
import { ReadOnlyWhen } from './read-only-when';
import { TabbedPage } from '../../ui/tabbed-page';
import { useSyncClient } from '../../data/sync-provider';
import { loadProfileOrCached, ownReplicaRow } from './profile.api';
import { profileTexts as t } from './profile.texts';
import { ProfileAdvancedTab } from './profile-advanced-tab';
import { ProfileAppearanceTab } from './profile-appearance-tab';
import { ProfileDetailsTab } from './profile-details-tab';
import { ProfilePasswordTab } from './profile-password-tab';

const TABS = ['profile', 'security', 'appearance', 'advanced'] as const;
type TabKey = (typeof TABS)[number];

/**
 * /perfil (docs/product.md#accounts): four tabs over GET /api/profile. Offline: the replica's own row,
 * editable (name, phone, bio are queued as updateProfile); the email and the photo need the network.
 */
export default function ProfileScreen({ user }: { user: CurrentUser }) {
  const [tab, setTab] = useState<TabKey>('profile');
  // Loaded again when the connection comes or goes: the server's profile replaces the cached one. The
  // replica opening counts only offline (its own row is then the editable profile): online, a reload on its
  // arrival remounted the form and dropped what the user had typed meanwhile.
  const online = useOnline();
  const sync = useSyncClient();
  const loaded = useLoad(
    () => loadProfileOrCached(user, undefined, ownReplicaRow(sync, user.id)),
    `${user.id}-${online}-${!online && sync ? 'replica' : 'none'}`,
  );
  const profile = { loading: loaded.loading, data: loaded.data?.profile };
  const offline = loaded.data?.offline === true;
  const editable = loaded.data?.editable !== false;

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
          {offline && (
            <OfflineNotice
              detail={
                editable ? errorMessages.profileOfflineEditableDetail : errorMessages.profileOfflineDetail
              }
              testId="profile-offline"
            />
          )}
          <ReadOnlyWhen readOnly={!editable}>
            <ProfileDetailsTab
              profile={profile.data}
              offline={offline}
              onChange={(next) => loaded.setData({ profile: next, offline, editable: true })}
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
