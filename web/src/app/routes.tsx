import { createRoute } from '@tanstack/react-router';
import { localUserCache } from '../features/auth/session-store';
import { useSession } from '../features/auth/session.queries';
import { LandingScreen } from '../features/landing/landing-screen';
import { appLayoutRoute } from './app-layout-route';
import { lazyScreen, withScreens } from './lazy-screen';
import { isSuperAdmin } from './navigation';
import { RouteGate } from './route-gate';
import {
  parseClientsSearch,
  parseFollowUpsSearch,
  parsePropertiesRouteSearch,
  parseSearchPageSearch,
} from './route-search';

const SettingsScreen = lazyScreen(() => import('../features/settings/settings-screen'));
const SystemSettingsScreen = lazyScreen(() => import('../features/system-settings/system-settings-screen'));
const ProfileScreen = lazyScreen(() => import('../features/profile/profile-screen'));
const NotificationsScreen = lazyScreen(() => import('../features/notifications/notifications-screen'));
const DashboardScreen = lazyScreen(() => import('../features/dashboard/dashboard-screen'));
const ClientsScreen = lazyScreen(() => import('../features/clients/clients-screen'));
const PropertiesScreen = lazyScreen(() => import('../features/properties/properties-screen'));
const FollowUpsScreen = lazyScreen(() => import('../features/follow-ups/follow-ups-screen'));
const FollowUpEditScreen = lazyScreen(() => import('../features/follow-ups/follow-up-edit-screen'));
const ColdCallsScreen = lazyScreen(() => import('../features/cold-calls/cold-calls-screen'));
const SearchScreen = lazyScreen(() => import('../features/search/search-screen'));
const ReportsScreen = lazyScreen(() => import('../features/reports/reports-screen'));
const PropertyDetailScreen = lazyScreen(() => import('../features/properties/property-detail-screen'));

const SaasAdminPanel = lazyScreen(() => import('../features/saas-admin/saas-admin-panel'));
const OrgAdminScreen = lazyScreen(() => import('../features/org-admin/org-admin-screen'));

const parent = () => appLayoutRoute;

/** Which of two screens a route will show, guessed from the user this device last saw (preloads only). */
const lastUserIsSuperAdmin = () => {
  const role = localUserCache.read()?.role;
  return role !== undefined && isSuperAdmin(role);
};

/** '/': landing logged out, the SaaS panel for super_admin, the dashboard for everyone else. */
const indexRoute = createRoute({
  getParentRoute: parent,
  path: '/',
  component: withScreens(
    function IndexPage() {
      const { user } = useSession();
      if (!user) return <LandingScreen />;
      if (isSuperAdmin(user.role))
        return <RouteGate audience="super">{(admin) => <SaasAdminPanel user={admin} />}</RouteGate>;
      return <RouteGate audience="member">{(member) => <DashboardScreen user={member} />}</RouteGate>;
    },
    // A visitor's landing is in the entry chunk; only a signed-in device fetches a screen.
    () => (!localUserCache.read() ? [] : lastUserIsSuperAdmin() ? [SaasAdminPanel] : [DashboardScreen]),
  ),
});

const dashboardRoute = createRoute({
  getParentRoute: parent,
  path: '/dashboard',
  component: withScreens(
    () => <RouteGate audience="member">{(user) => <DashboardScreen user={user} />}</RouteGate>,
    () => [DashboardScreen],
  ),
});

const adminRoute = createRoute({
  getParentRoute: parent,
  path: '/admin',
  component: withScreens(
    () => (
      <RouteGate audience="signed-in">
        {(user) =>
          isSuperAdmin(user.role) ? <SaasAdminPanel user={user} /> : <OrgAdminScreen user={user} />
        }
      </RouteGate>
    ),
    () => [lastUserIsSuperAdmin() ? SaasAdminPanel : OrgAdminScreen],
  ),
});

const saasAdminRoute = createRoute({
  getParentRoute: parent,
  path: '/saas-admin',
  // ?q= is the super admin's header search: the Utilizadores tab filtered by that text.
  validateSearch: parseSearchPageSearch,
  component: withScreens(
    function SaasAdminPage() {
      const { q } = saasAdminRoute.useSearch();
      return <RouteGate audience="super">{(user) => <SaasAdminPanel user={user} userQuery={q} />}</RouteGate>;
    },
    () => [SaasAdminPanel],
  ),
});

const settingsRoute = createRoute({
  getParentRoute: parent,
  path: '/settings',
  component: withScreens(
    () => (
      <RouteGate audience="signed-in">
        {(user) =>
          isSuperAdmin(user.role) ? <SystemSettingsScreen user={user} /> : <SettingsScreen user={user} />
        }
      </RouteGate>
    ),
    () => [lastUserIsSuperAdmin() ? SystemSettingsScreen : SettingsScreen],
  ),
});

const profileRoute = createRoute({
  getParentRoute: parent,
  path: '/perfil',
  component: withScreens(
    () => <RouteGate audience="signed-in">{(user) => <ProfileScreen user={user} />}</RouteGate>,
    () => [ProfileScreen],
  ),
});

const clientsRoute = createRoute({
  getParentRoute: parent,
  path: '/clients',
  validateSearch: parseClientsSearch,
  component: withScreens(
    function ClientsPage() {
      const search = clientsRoute.useSearch();
      return (
        <RouteGate audience="member">{(user) => <ClientsScreen user={user} search={search} />}</RouteGate>
      );
    },
    () => [ClientsScreen],
  ),
});

const propertiesRoute = createRoute({
  getParentRoute: parent,
  path: '/imoveis',
  validateSearch: parsePropertiesRouteSearch,
  component: withScreens(
    function PropertiesPage() {
      const search = propertiesRoute.useSearch();
      return (
        <RouteGate audience="member">{(user) => <PropertiesScreen user={user} search={search} />}</RouteGate>
      );
    },
    () => [PropertiesScreen],
  ),
});

const followUpsRoute = createRoute({
  getParentRoute: parent,
  path: '/followups',
  validateSearch: parseFollowUpsSearch,
  component: withScreens(
    function FollowUpsPage() {
      const search = followUpsRoute.useSearch();
      return (
        <RouteGate audience="member">{(user) => <FollowUpsScreen user={user} search={search} />}</RouteGate>
      );
    },
    () => [FollowUpsScreen],
  ),
});

const followUpRoute = createRoute({
  getParentRoute: parent,
  path: '/followup/$id',
  component: withScreens(
    function FollowUpPage() {
      const { id } = followUpRoute.useParams();
      return <RouteGate audience="member">{(user) => <FollowUpEditScreen user={user} id={id} />}</RouteGate>;
    },
    () => [FollowUpEditScreen],
  ),
});

const coldCallsRoute = createRoute({
  getParentRoute: parent,
  path: '/coldcalls',
  component: withScreens(
    () => <RouteGate audience="member">{(user) => <ColdCallsScreen user={user} />}</RouteGate>,
    () => [ColdCallsScreen],
  ),
});

const searchRoute = createRoute({
  getParentRoute: parent,
  path: '/search',
  validateSearch: parseSearchPageSearch,
  component: withScreens(
    function SearchPage() {
      const { q } = searchRoute.useSearch();
      return <RouteGate audience="member">{(user) => <SearchScreen user={user} q={q} />}</RouteGate>;
    },
    () => [SearchScreen],
  ),
});

const reportsRoute = createRoute({
  getParentRoute: parent,
  path: '/reports',
  component: withScreens(
    () => <RouteGate audience="member">{(user) => <ReportsScreen user={user} />}</RouteGate>,
    () => [ReportsScreen],
  ),
});

const propertyRoute = createRoute({
  getParentRoute: parent,
  path: '/imoveis/$id',
  component: withScreens(
    function PropertyPage() {
      const { id } = propertyRoute.useParams();
      return (
        <RouteGate audience="member">{(user) => <PropertyDetailScreen user={user} id={id} />}</RouteGate>
      );
    },
    () => [PropertyDetailScreen],
  ),
});

const notificationsRoute = createRoute({
  getParentRoute: parent,
  path: '/notifications',
  component: withScreens(
    () => <RouteGate audience="member">{() => <NotificationsScreen />}</RouteGate>,
    () => [NotificationsScreen],
  ),
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
