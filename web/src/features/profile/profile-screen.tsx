import { useState } from 'react';
import { Alert, Box, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import { errorMessages, type CurrentUser } from '@casa/shared-schema';
import { useLoad } from '../../lib/use-load';
import { loadProfile } from './profile.api';
import { profileTexts as t } from './profile.texts';
import { ProfileAdvancedTab } from './profile-advanced-tab';
import { ProfileAppearanceTab } from './profile-appearance-tab';
import { ProfileDetailsTab } from './profile-details-tab';
import { ProfilePasswordTab } from './profile-password-tab';

const TABS = ['profile', 'security', 'appearance', 'advanced'] as const;
type TabKey = (typeof TABS)[number];

/** /perfil (spec 1 §2): four tabs over GET /api/profile. */
export default function ProfileScreen({ user }: { user: CurrentUser }) {
  const [tab, setTab] = useState<TabKey>('profile');
  const profile = useLoad(() => loadProfile(), user.id);

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {t.title}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, next: TabKey) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t.title}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((key) => (
          <Tab
            key={key}
            value={key}
            label={t.tabs[key]}
            id={`profile-tab-${key}`}
            aria-controls={`profile-panel-${key}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`profile-panel-${tab}`} aria-labelledby={`profile-tab-${tab}`}>
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
          <ProfileDetailsTab profile={profile.data} onChange={(next) => profile.setData(next)} />
        ) : tab === 'security' ? (
          <ProfilePasswordTab />
        ) : tab === 'appearance' ? (
          <ProfileAppearanceTab userId={user.id} />
        ) : (
          <ProfileAdvancedTab profile={profile.data} />
        )}
      </Box>
    </Stack>
  );
}
