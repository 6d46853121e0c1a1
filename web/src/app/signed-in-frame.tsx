import type { ReactNode } from 'react';
import type { CurrentUser } from '@casa/shared-schema';
import { SyncClientProvider } from '../data/sync-provider';
import { MaintenanceScreen } from '../features/maintenance/maintenance-screen';
import { useMaintenance } from '../lib/maintenance-store';
import { AppShell } from './shell/app-shell';

/**
 * Everything only a signed-in user needs (the replica and its sync loop, the shell), in its own chunk:
 * visitors of the landing and login pages never download it.
 */
export default function SignedInFrame({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const maintenance = useMaintenance();
  return (
    <SyncClientProvider user={user}>
      {maintenance && user.role !== 'super_admin' ? (
        <MaintenanceScreen message={maintenance.message} />
      ) : (
        <AppShell user={user}>{children}</AppShell>
      )}
    </SyncClientProvider>
  );
}
