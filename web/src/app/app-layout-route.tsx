import { createRoute, Outlet } from '@tanstack/react-router';
import { useSession } from '../features/auth/session-context';
import { AppShell } from './shell/app-shell';
import { rootRoute } from './root-route';
import { SyncClientProvider } from '../data/sync-provider';
import { MaintenanceScreen } from '../features/maintenance/maintenance-screen';
import { useMaintenance } from '../features/maintenance/maintenance-store';

/** Pathless layout: signed-in pages share one frame (it stays mounted across navigation). */
export const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  component: function AppLayout() {
    const { user } = useSession();
    const maintenance = useMaintenance();
    if (!user) return <Outlet />;
    return (
      <SyncClientProvider user={user}>
        {maintenance && user.role !== 'super_admin' ? (
          <MaintenanceScreen message={maintenance.message} />
        ) : (
          <AppShell user={user}>
            <Outlet />
          </AppShell>
        )}
      </SyncClientProvider>
    );
  },
});
