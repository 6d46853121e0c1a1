import { createRootRoute, Outlet } from '@tanstack/react-router';
import { useSession } from '../features/auth/session.queries';
import { FullScreenSpinner } from '../ui/full-screen-spinner';
import { NotFoundScreen } from '../ui/not-found-screen';
import { SignedInFrameLoader, useSignedInHint } from './signed-in-frame-loader';

function RootLayout() {
  const { isLoading, user } = useSession();
  useSignedInHint(user);
  if (isLoading) return <FullScreenSpinner />;
  return <Outlet />;
}

/** Unknown addresses: inside the app frame when signed in, full screen otherwise. */
function NotFoundFallback() {
  const { user } = useSession();
  if (!user) return <NotFoundScreen />;
  return (
    <SignedInFrameLoader user={user}>
      <NotFoundScreen embedded />
    </SignedInFrameLoader>
  );
}

/** Every feature's routes hang from this root (see `router.tsx`). */
export const rootRoute = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundFallback,
});
