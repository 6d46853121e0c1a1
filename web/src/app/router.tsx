import { createRoute, createRouter } from '@tanstack/react-router';
import { authRoutes } from '../features/auth/auth.routes';
import { useSession } from '../features/auth/session-context';
import { HomeScreen } from '../features/home/home-screen';
import { LandingScreen } from '../features/landing/landing-screen';
import { settingsRoute } from '../features/settings/settings.routes';
import { rootRoute } from './root-route';
import { SignedInLayout } from './signed-in-layout';

/** '/' is the landing page logged out and the home (later the dashboard) logged in (spec 1 §2). */
const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: function IndexPage() {
    const { user } = useSession();
    if (!user) return <LandingScreen />;
    return (
      <SignedInLayout user={user}>
        <HomeScreen user={user} />
      </SignedInLayout>
    );
  },
});

const routeTree = rootRoute.addChildren([indexRoute, ...authRoutes, settingsRoute]);

export const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
