import { useState } from 'react';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import type { CurrentUser } from '@casa/shared-schema';
import { TabbedPage } from '../../ui/tabbed-page';
import { useReplicaLogout } from '../auth/replica-logout.actions';
import { settingsTexts as t } from './settings.texts';
import { SettingsAdvancedTab } from './settings-advanced-tab';
import { SettingsAppearanceTab } from './settings-appearance-tab';
import { SettingsNotificationsTab } from './settings-notifications-tab';
import { SettingsProfileTab } from './settings-profile-tab';
import { SettingsSecurityTab } from './settings-security-tab';

const TABS = ['profile', 'notifications', 'security', 'appearance', 'advanced'] as const;
type TabKey = (typeof TABS)[number];

function SignOutCard() {
  const { logout, dialog } = useReplicaLogout();
  return (
    <Card variant="outlined">
      <CardContent
        sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', p: { xs: 2, sm: 3 } }}
      >
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {t.signOutTitle}
          </Typography>
          <Typography variant="body2" color="textSecondary">
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

/** /settings for everyone but super_admin (docs/product.md#accounts): five tabs and the sign-out card. */
export default function SettingsScreen({ user }: { user: CurrentUser }) {
  const [tab, setTab] = useState<TabKey>('profile');
  return (
    <TabbedPage
      idPrefix="settings"
      title={t.title}
      subtitle={t.subtitle}
      tabs={TABS.map((key) => ({ key, label: t.tabs[key] }))}
      value={tab}
      onChange={setTab}
      footer={<SignOutCard />}
    >
      {tab === 'profile' && <SettingsProfileTab user={user} />}
      {tab === 'notifications' && <SettingsNotificationsTab userId={user.id} />}
      {tab === 'security' && <SettingsSecurityTab userId={user.id} />}
      {tab === 'appearance' && <SettingsAppearanceTab userId={user.id} />}
      {tab === 'advanced' && <SettingsAdvancedTab />}
    </TabbedPage>
  );
}
