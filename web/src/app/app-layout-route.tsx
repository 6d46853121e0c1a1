import { createRoute, Outlet } from '@tanstack/react-router';
import { useSession } from '../features/auth/session-context';
import { AppShell } from './shell/app-shell';
import { rootRoute } from './root-route';
import { SyncClientProvider } from '../data/sync-provider';

/** Pathless layout: signed-in pages share one frame (it stays mounted across navigation). */
export const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  component: function AppLayout() {
    const { user } = useSession();
    if (!user) return <Outlet />;
    return (
      <SyncClientProvider user={user}>
        <AppShell user={user}>
          <Outlet />
        </AppShell>
      </SyncClientProvider>
    );
  },
});
