import { useState } from 'react';
import { Box, Button, Card, CardContent, Stack, Tab, Tabs, Typography } from '@mui/material';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import type { CurrentUser } from '@casa/shared-schema';
import { useReplicaLogout } from '../auth/use-replica-logout';
import { signOutByNavigation } from './settings.api';
import { settingsTexts as t } from './settings.texts';
import { SettingsAdvancedTab } from './settings-advanced-tab';
import { SettingsAppearanceTab } from './settings-appearance-tab';
import { SettingsNotificationsTab } from './settings-notifications-tab';
import { SettingsProfileTab } from './settings-profile-tab';
import { SettingsSecurityTab } from './settings-security-tab';

const TABS = ['profile', 'notifications', 'security', 'appearance', 'advanced'] as const;
type TabKey = (typeof TABS)[number];

function SignOutCard() {
  const { logout, dialog } = useReplicaLogout(signOutByNavigation);
  return (
    <Card variant="outlined">
      <CardContent
        sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', p: { xs: 2, sm: 3 } }}
      >
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {t.signOutTitle}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t.signOutHelp}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          color="error"
          startIcon={<LogoutRoundedIcon />}
          onClick={() => void logout()}
        >
          {t.signOut}
        </Button>
        {dialog}
      </CardContent>
    </Card>
  );
}

/** /settings for everyone but super_admin (spec 1 §2): five tabs and the sign-out card. */
export default function SettingsScreen({ user }: { user: CurrentUser }) {
  const [tab, setTab] = useState<TabKey>('profile');
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {t.title}
        </Typography>
        <Typography color="text.secondary">{t.subtitle}</Typography>
      </Box>
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
            id={`settings-tab-${key}`}
            aria-controls={`settings-panel-${key}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`}>
        {tab === 'profile' && <SettingsProfileTab user={user} />}
        {tab === 'notifications' && <SettingsNotificationsTab userId={user.id} />}
        {tab === 'security' && <SettingsSecurityTab userId={user.id} />}
        {tab === 'appearance' && <SettingsAppearanceTab userId={user.id} />}
        {tab === 'advanced' && <SettingsAdvancedTab />}
      </Box>
      <SignOutCard />
    </Stack>
  );
}
