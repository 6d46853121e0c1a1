import { createRootRoute, Outlet } from '@tanstack/react-router';
import { useSession } from '../features/auth/session-context';
import { FullScreenSpinner } from '../ui/full-screen-spinner';
import { NotFoundScreen } from '../ui/not-found-screen';

function RootLayout() {
  const { isLoading } = useSession();
  if (isLoading) return <FullScreenSpinner />;
  return <Outlet />;
}

/** Every feature's routes hang from this root (see `router.tsx`). */
export const rootRoute = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
});
