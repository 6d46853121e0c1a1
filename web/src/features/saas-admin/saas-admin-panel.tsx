import { lazy, Suspense, useEffect, useState } from 'react';
import { Box, Skeleton, Typography } from '@mui/material';
import type { CurrentUser, Organization } from '@casa/shared-schema';
import { TabbedPage } from '../../ui/tabbed-page';
import { LoadFailed } from './offline-state';
import { OrganizationDialog } from './organization-dialog';
import { OrganizationsTab } from './organizations-tab';
import { OverviewTab } from './overview-tab';
import { PackagesTab } from './packages-tab';
import { RegistrationSettingsView } from './registration-settings-view';
import { saasTexts as t } from './saas-admin.texts';
import { useSaasData } from './use-saas-data';

const SaasUsersTab = lazy(() => import('./users/saas-users-tab').then((m) => ({ default: m.SaasUsersTab })));
const SaasSystemTab = lazy(() =>
  import('./system/saas-system-tab').then((m) => ({ default: m.SaasSystemTab })),
);

const TABS = ['overview', 'packages', 'organizations', 'users', 'system'] as const;
type TabKey = (typeof TABS)[number];

function tabFromHash(): TabKey {
  const hash = typeof window === 'undefined' ? '' : window.location.hash.replace(/^#/, '');
  return (TABS as readonly string[]).includes(hash) ? (hash as TabKey) : 'overview';
}

/**
 * '/', '/admin' and '/saas-admin' for the super admin (docs/product.md#saas-admin). The tab lives in the URL hash;
 * `userQuery` (the header search) opens Utilizadores filtered by it.
 */
export default function SaasAdminPanel({ user, userQuery }: { user: CurrentUser; userQuery?: string }) {
  const [tab, setTabState] = useState<TabKey>(tabFromHash);
  const [editing, setEditing] = useState<Organization | 'new' | null>(null);
  const [settingsOf, setSettingsOf] = useState<Organization | null>(null);
  const data = useSaasData();

  useEffect(() => {
    const onHash = () => setTabState(tabFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  // A new header search opens Utilizadores (set while rendering: React's pattern for state following a prop).
  const [searched, setSearched] = useState<string | undefined>(undefined);
  if (userQuery !== searched) {
    setSearched(userQuery);
    if (userQuery && tab !== 'users') setTabState('users');
  }

  const setTab = (next: TabKey) => {
    setTabState(next);
    setSettingsOf(null);
    window.history.replaceState(window.history.state, '', `${window.location.pathname}#${next}`);
  };

  const needsData = tab === 'overview' || tab === 'packages' || tab === 'organizations';
  const body = () => {
    if (tab === 'users') return <SaasUsersTab key={userQuery} user={user} initialQuery={userQuery} />;
    if (tab === 'system') return <SaasSystemTab user={user} />;
    if (data.error && needsData)
      return <LoadFailed error={data.error} fallback={t.loadFailed} onRetry={data.reload} />;
    if (!data.stats) return <Skeleton variant="rounded" height={320} aria-busy="true" />;
    if (tab === 'overview') return <OverviewTab data={data} onOpenOrganization={setEditing} />;
    if (tab === 'packages') return <PackagesTab packages={data.packages} onChanged={data.reload} />;
    if (settingsOf)
      return <RegistrationSettingsView organization={settingsOf} onBack={() => setSettingsOf(null)} />;
    return (
      <OrganizationsTab
        organizations={data.organizations}
        packages={data.packages}
        onChanged={data.reload}
        onCreate={() => setEditing('new')}
        onEdit={setEditing}
        onRegistrationSettings={setSettingsOf}
      />
    );
  };

  return (
    <TabbedPage
      idPrefix="saas-admin"
      title={t.title}
      subtitle={t.subtitle}
      tabs={TABS.map((key) => ({ key, label: t.tabs[key] }))}
      value={tab}
      onChange={setTab}
      footer={
        // docs/product.md#saas-admin: a billing tab body exists without a trigger.
        <Box hidden id="saas-admin-panel-billing">
          <Typography variant="h6" component="h2">
            {t.billingTitle}
          </Typography>
          <Typography color="textSecondary">{t.billingInDevelopment}</Typography>
        </Box>
      }
    >
      <Suspense fallback={<Skeleton variant="rounded" height={320} />}>{body()}</Suspense>
      {editing && (
        <OrganizationDialog
          organization={editing === 'new' ? null : editing}
          packages={data.packages}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            data.reload();
          }}
        />
      )}
    </TabbedPage>
  );
}
