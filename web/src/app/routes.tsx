import { lazy } from 'react';
import { createRoute } from '@tanstack/react-router';
import { useSession } from '../features/auth/session.queries';
import { LandingScreen } from '../features/landing/landing-screen';
import { appLayoutRoute } from './app-layout-route';
import { isSuperAdmin } from './navigation';
import { RouteGate } from './route-gate';
import {
  parseClientsSearch,
  parseFollowUpsSearch,
  parsePropertiesSearch,
  parseSearchPageSearch,
} from './route-search';

const SettingsScreen = lazy(() => import('../features/settings/settings-screen'));
const SystemSettingsScreen = lazy(() => import('../features/system-settings/system-settings-screen'));
const ProfileScreen = lazy(() => import('../features/profile/profile-screen'));
const NotificationsScreen = lazy(() => import('../features/notifications/notifications-screen'));
const DashboardScreen = lazy(() => import('../features/dashboard/dashboard-screen'));
const ClientsScreen = lazy(() => import('../features/clients/clients-screen'));
const PropertiesScreen = lazy(() => import('../features/properties/properties-screen'));
const FollowUpsScreen = lazy(() => import('../features/follow-ups/follow-ups-screen'));
const FollowUpEditScreen = lazy(() => import('../features/follow-ups/follow-up-edit-screen'));
const ColdCallsScreen = lazy(() => import('../features/cold-calls/cold-calls-screen'));
const SearchScreen = lazy(() => import('../features/search/search-screen'));
const ReportsScreen = lazy(() => import('../features/reports/reports-screen'));
const PropertyDetailScreen = lazy(() => import('../features/properties/property-detail-screen'));

const SaasAdminPanel = lazy(() => import('../features/saas-admin/saas-admin-panel'));
const OrgAdminScreen = lazy(() => import('../features/org-admin/org-admin-screen'));

const parent = () => appLayoutRoute;

/** '/': landing logged out, the SaaS panel for super_admin, the dashboard for everyone else. */
const indexRoute = createRoute({
  getParentRoute: parent,
  path: '/',
  component: function IndexPage() {
    const { user } = useSession();
    if (!user) return <LandingScreen />;
    if (isSuperAdmin(user.role))
      return <RouteGate audience="super">{(admin) => <SaasAdminPanel user={admin} />}</RouteGate>;
    return <RouteGate audience="member">{(member) => <DashboardScreen user={member} />}</RouteGate>;
  },
});

const dashboardRoute = createRoute({
  getParentRoute: parent,
  path: '/dashboard',
  component: () => <RouteGate audience="member">{(user) => <DashboardScreen user={user} />}</RouteGate>,
});

const adminRoute = createRoute({
  getParentRoute: parent,
  path: '/admin',
  component: () => (
    <RouteGate audience="signed-in">
      {(user) => (isSuperAdmin(user.role) ? <SaasAdminPanel user={user} /> : <OrgAdminScreen user={user} />)}
    </RouteGate>
  ),
});

const saasAdminRoute = createRoute({
  getParentRoute: parent,
  path: '/saas-admin',
  // ?q= is the super admin's header search: the Utilizadores tab filtered by that text.
  validateSearch: parseSearchPageSearch,
  component: function SaasAdminPage() {
    const { q } = saasAdminRoute.useSearch();
    return <RouteGate audience="super">{(user) => <SaasAdminPanel user={user} userQuery={q} />}</RouteGate>;
  },
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
  component: function ClientsPage() {
    const search = clientsRoute.useSearch();
    return <RouteGate audience="member">{(user) => <ClientsScreen user={user} search={search} />}</RouteGate>;
  },
});

const propertiesRoute = createRoute({
  getParentRoute: parent,
  path: '/imoveis',
  validateSearch: parsePropertiesSearch,
  component: function PropertiesPage() {
    const search = propertiesRoute.useSearch();
    return (
      <RouteGate audience="member">{(user) => <PropertiesScreen user={user} search={search} />}</RouteGate>
    );
  },
});

const followUpsRoute = createRoute({
  getParentRoute: parent,
  path: '/followups',
  validateSearch: parseFollowUpsSearch,
  component: function FollowUpsPage() {
    const search = followUpsRoute.useSearch();
    return (
      <RouteGate audience="member">{(user) => <FollowUpsScreen user={user} search={search} />}</RouteGate>
    );
  },
});

const followUpRoute = createRoute({
  getParentRoute: parent,
  path: '/followup/$id',
  component: function FollowUpPage() {
    const { id } = followUpRoute.useParams();
    return <RouteGate audience="member">{(user) => <FollowUpEditScreen user={user} id={id} />}</RouteGate>;
  },
});

const coldCallsRoute = createRoute({
  getParentRoute: parent,
  path: '/coldcalls',
  component: () => <RouteGate audience="member">{(user) => <ColdCallsScreen user={user} />}</RouteGate>,
});

const searchRoute = createRoute({
  getParentRoute: parent,
  path: '/search',
  validateSearch: parseSearchPageSearch,
  component: function SearchPage() {
    const { q } = searchRoute.useSearch();
    return <RouteGate audience="member">{(user) => <SearchScreen user={user} q={q} />}</RouteGate>;
  },
});

const reportsRoute = createRoute({
  getParentRoute: parent,
  path: '/reports',
  component: () => <RouteGate audience="member">{(user) => <ReportsScreen user={user} />}</RouteGate>,
});

const propertyRoute = createRoute({
  getParentRoute: parent,
  path: '/imoveis/$id',
  component: function PropertyPage() {
    const { id } = propertyRoute.useParams();
    return <RouteGate audience="member">{(user) => <PropertyDetailScreen user={user} id={id} />}</RouteGate>;
  },
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
  propertiesRoute,
  followUpsRoute,
  followUpRoute,
  coldCallsRoute,
  searchRoute,
  reportsRoute,
  notificationsRoute,
  propertyRoute,
]);
