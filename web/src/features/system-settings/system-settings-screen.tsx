import { useState } from 'react';
import { Alert, Skeleton } from '@mui/material';
import type { CurrentUser } from '@casa/shared-schema';
import { useLoad } from '../../lib/use-load';
import { TabbedPage } from '../../ui/tabbed-page';
import { serverMessage } from '../../lib/server-message';
import { loadProfile } from '../profile/profile.api';
import { SystemAdminProfileTab } from './system-admin-profile-tab';
import { SystemMaintenanceTab } from './system-maintenance-tab';
import { SystemNotificationsTab } from './system-notifications-tab';
import { SystemSecurityTab } from './system-security-tab';
import { systemTexts as t } from './system-settings.texts';
import { SystemStatusTab } from './system-status-tab';
import { useSystemSettings } from './system-settings.queries';

const TABS = ['system', 'security', 'notifications', 'maintenance', 'adminProfile'] as const;
type TabKey = (typeof TABS)[number];

/** Notificações needs the admin's e-mail to prefill the field. */
function NotificationsWithEmail(
  props: Omit<Parameters<typeof SystemNotificationsTab>[0], 'userEmail'> & { userId: string },
) {
  const profile = useLoad(() => loadProfile(), props.userId);
  if (profile.loading) return <Skeleton variant="rounded" height={320} />;
  return <SystemNotificationsTab {...props} userEmail={profile.data?.email ?? ''} />;
}

/** /settings for super_admin: 'Configurações do Sistema' (docs/product.md#saas-admin), saved and applied by the server. */
export default function SystemSettingsScreen({ user }: { user: CurrentUser }) {
  const [tab, setTab] = useState<TabKey>('system');
  const { settings, save } = useSystemSettings(user.id);

  const body = () => {
    if (tab === 'adminProfile') return <SystemAdminProfileTab userId={user.id} />;
    if (settings.loading) return <Skeleton variant="rounded" height={320} aria-busy="true" />;
    if (!settings.data) return <Alert severity="error">{serverMessage(settings.error, t.loadFailed)}</Alert>;
    const s = settings.data;
    if (tab === 'system') return <SystemStatusTab settings={s} onSave={save} />;
    if (tab === 'security') return <SystemSecurityTab settings={s} onSave={save} />;
    if (tab === 'notifications')
      return <NotificationsWithEmail settings={s} onSave={save} userId={user.id} />;
    return <SystemMaintenanceTab settings={s} onSave={save} />;
  };

  return (
    <TabbedPage
      idPrefix="system-settings"
      title={t.title}
      subtitle={t.subtitle}
      tabs={TABS.map((key) => ({ key, label: t.tabs[key] }))}
      value={tab}
      onChange={setTab}
    >
      {body()}
    </TabbedPage>
  );
}
