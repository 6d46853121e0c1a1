import { createRoute, Outlet } from '@tanstack/react-router';
import { useSession } from '../features/auth/session.queries';
import { rootRoute } from './root-route';
import { SignedInFrameLoader } from './signed-in-frame-loader';

/** Pathless layout: signed-in pages share one frame (it stays mounted across navigation). */
export const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  component: function AppLayout() {
    const { user } = useSession();
    if (!user) return <Outlet />;
    return (
      <SignedInFrameLoader user={user}>
        <Outlet />
      </SignedInFrameLoader>
    );
  },
});
