import { lazy } from 'react';
import { createRoute } from '@tanstack/react-router';
import { Typography } from '@mui/material';
import { useSession } from '../features/auth/session-context';
import { HomeScreen } from '../features/home/home-screen';
import { LandingScreen } from '../features/landing/landing-screen';
import { ScreenArrivesLater } from '../ui/screen-arrives-later';
import { appLayoutRoute } from './app-layout-route';
import { isSuperAdmin } from './navigation';
import { RouteGate } from './route-gate';
import { parseClientsSearch, parseFollowUpsSearch, parseSearchPageSearch } from './route-search';

const SettingsScreen = lazy(() => import('../features/settings/settings-screen'));
const SystemSettingsScreen = lazy(() => import('../features/system-settings/system-settings-screen'));
const ProfileScreen = lazy(() => import('../features/profile/profile-screen'));
const NotificationsScreen = lazy(() => import('../features/notifications/notifications-screen'));

const parent = () => appLayoutRoute;

function SaasAdminPanel() {
  return <ScreenArrivesLater title="Administração SaaS" />;
}

/** '/': landing logged out, the SaaS panel for super_admin, the dashboard for everyone else. */
const indexRoute = createRoute({
  getParentRoute: parent,
  path: '/',
  component: function IndexPage() {
    const { user } = useSession();
    if (!user) return <LandingScreen />;
    return isSuperAdmin(user.role) ? <SaasAdminPanel /> : <HomeScreen user={user} />;
  },
});

const dashboardRoute = createRoute({
  getParentRoute: parent,
  path: '/dashboard',
  component: () => <RouteGate audience="member">{(user) => <HomeScreen user={user} />}</RouteGate>,
});

const adminRoute = createRoute({
  getParentRoute: parent,
  path: '/admin',
  component: () => (
    <RouteGate audience="signed-in">
      {(user) =>
        isSuperAdmin(user.role) ? <SaasAdminPanel /> : <ScreenArrivesLater title="Administração" />
      }
    </RouteGate>
  ),
});

const saasAdminRoute = createRoute({
  getParentRoute: parent,
  path: '/saas-admin',
  component: () => <RouteGate audience="super">{() => <SaasAdminPanel />}</RouteGate>,
});

const settingsRoute = createRoute({
  getParentRoute: parent,
  path: '/settings',
  component: () => (
    <RouteGate audience="signed-in">
      {(user) =>
        isSuperAdmin(user.role) ? <SystemSettingsScreen user={user} /> : <SettingsScreen user={user} />
      }
    </RouteGate>
  ),
});

const profileRoute = createRoute({
  getParentRoute: parent,
  path: '/perfil',
  component: () => <RouteGate audience="signed-in">{(user) => <ProfileScreen user={user} />}</RouteGate>,
});

const clientsRoute = createRoute({
  getParentRoute: parent,
  path: '/clients',
  validateSearch: parseClientsSearch,
  component: () => <RouteGate audience="member">{() => <ScreenArrivesLater title="Clientes" />}</RouteGate>,
});

const followUpsRoute = createRoute({
  getParentRoute: parent,
  path: '/followups',
  validateSearch: parseFollowUpsSearch,
  component: () => <RouteGate audience="member">{() => <ScreenArrivesLater title="Follow-ups" />}</RouteGate>,
});

const followUpRoute = createRoute({
  getParentRoute: parent,
  path: '/followup/$id',
  component: () => <RouteGate audience="member">{() => <ScreenArrivesLater title="Follow-up" />}</RouteGate>,
});

const coldCallsRoute = createRoute({
  getParentRoute: parent,
  path: '/coldcalls',
  component: () => <RouteGate audience="member">{() => <ScreenArrivesLater title="Cold Calls" />}</RouteGate>,
});

const searchRoute = createRoute({
  getParentRoute: parent,
  path: '/search',
  validateSearch: parseSearchPageSearch,
  component: function SearchPage() {
    const { q } = searchRoute.useSearch();
    return (
      <RouteGate audience="member">
        {() => (
          <ScreenArrivesLater title="Pesquisa">
            {q && <Typography data-testid="search-query">Pesquisa por: {q}</Typography>}
          </ScreenArrivesLater>
        )}
      </RouteGate>
    );
  },
});

const reportsRoute = createRoute({
  getParentRoute: parent,
  path: '/reports',
  component: () => <RouteGate audience="member">{() => <ScreenArrivesLater title="Relatórios" />}</RouteGate>,
});

const notificationsRoute = createRoute({
  getParentRoute: parent,
  path: '/notifications',
  component: () => <RouteGate audience="member">{() => <NotificationsScreen />}</RouteGate>,
});

export const appRoutes = appLayoutRoute.addChildren([
  indexRoute,
  dashboardRoute,
  adminRoute,
  saasAdminRoute,
  settingsRoute,
  profileRoute,
  clientsRoute,
  followUpsRoute,
  followUpRoute,
  coldCallsRoute,
  searchRoute,
  reportsRoute,
  notificationsRoute,
]);
