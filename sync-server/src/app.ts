import type Router from '@koa/router';
import Koa from 'koa';
import { errorMessages } from '@casa/shared-schema';
import { KnexSessionStore } from './db/session-store';
import { accountsRoutes } from './features/accounts/accounts.routes';
import { csvImportBodyParser, csvRoutes } from './features/csv/csv.routes';
import { searchRoutes } from './features/search/search.routes';
import { statsRoutes } from './features/stats/stats.routes';
import { propertiesRoutes } from './features/properties/properties.routes';
import { clientsRoutes } from './features/clients/clients.routes';
import { interactionsRoutes } from './features/interactions/interactions.routes';
import { tagsRoutes } from './features/tags/tags.routes';
import { propertyPhotosRoutes } from './features/property-photos/property-photos.routes';
import { propertySheetLinksRoutes } from './features/property-sheets/sheet-links.routes';
import { propertySheetPageRouter } from './features/property-sheets/sheet-page.routes';
import { campaignsRoutes } from './features/campaigns/campaigns.routes';
import { coldCallsRoutes } from './features/cold-calls/cold-calls.routes';
import { followUpsRoutes } from './features/follow-ups/follow-ups.routes';
import { healthRoutes } from './features/health/health.routes';
import { openApiRoutes } from './features/openapi/openapi.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { profileRoutes } from './features/profile/profile.routes';
import { userSettingsRoutes } from './features/user-settings/user-settings.routes';
import { organizationRoutes } from './features/organization/organization.routes';
import { packagesRoutes } from './features/saas/packages.routes';
import { saasRoutes } from './features/saas/saas.routes';
import { signupRoutes } from './features/signup/signup.routes';
import { liveRoutes } from './features/live/live.routes';
import { liveOf } from './features/live/live.service';
import { syncPushBodyParser, syncRoutes } from './features/sync/sync.routes';
import { maintenanceGate } from './features/system/maintenance-gate.service';
import { systemRoutes } from './features/system/system.routes';
import { apiDispatch } from './http/api-dispatch';
import { authContext } from './http/context';
import { csrfProtection } from './http/csrf';
import { errorHandler } from './http/error-handler';
import { jsonBodyParser } from './http/json-body';
import { notFound } from './http/errors';
import type { DeclaredRoute, RouteTable } from './http/route';
import { compressApiAnswers } from './http/compress-answers';
import { noStoreApi } from './http/no-store';
import { requestContext } from './http/request-context';
import { securityHeaders } from './http/security-headers';
import { sessionMiddleware } from './http/session';
import { staticWeb } from './http/static-web';
import type { AppContextExt, AppDeps, AppKoa, AppMiddleware, AppState } from './http/types';

export type App = AppKoa & {
  dispose(): void;
  /** Ends every live stream (features/live), first thing at shutdown so the graceful close is not held. */
  endLiveStreams(): void;
};

/** Every /api route table, in mounting order (a non-uuid :id falls through to later tables). */
const API_ROUTE_TABLES: RouteTable[] = [
  healthRoutes(),
  accountsRoutes(),
  profileRoutes(),
  userSettingsRoutes(),
  clientsRoutes(),
  propertiesRoutes(),
  tagsRoutes(),
  propertyPhotosRoutes(),
  propertySheetLinksRoutes(),
  interactionsRoutes(),
  followUpsRoutes(),
  coldCallsRoutes(),
  campaignsRoutes(),
  notificationsRoutes(),
  organizationRoutes(),
  packagesRoutes(),
  saasRoutes(),
  signupRoutes(),
  searchRoutes(),
  statsRoutes(),
  csvRoutes(),
  syncRoutes(),
  liveRoutes(),
  systemRoutes(),
  openApiRoutes(() => apiRoutes()),
];

/** The registry: every declared /api route (OpenAPI, docs/api.md, tenancy walk and bad-input test read it). */
export const apiRoutes = (): DeclaredRoute[] => API_ROUTE_TABLES.flatMap((t) => t.routes);

/** Every /api router, in mounting order (the route-guard test walks them all). */
export const apiRouters = () => API_ROUTE_TABLES.map((t) => t.router());

const onlyApi =
  (mw: AppMiddleware): AppMiddleware =>
  (ctx, next) =>
    ctx.path.startsWith('/api/') ? mw(ctx, next) : next();

export type AppOptions = {
  /** Extra routers mounted after the built-in ones (tests use it for probe routes). */
  routers?: Router<AppState, AppContextExt>[];
};

/** Builds the Koa application from its dependencies; no module-level state, no listening. */
export function createApp(deps: AppDeps, options: AppOptions = {}): App {
  const app: AppKoa = new Koa<AppState, AppContextExt>({ proxy: deps.env.TRUST_PROXY });
  app.context.deps = deps;
  // Koa's default handler would print errors to stderr; ours logs them once through pino.
  app.silent = true;

  const store = new KnexSessionStore(deps.knex, {
    onError: (err) => deps.logger.error({ err }, 'session cleanup failed'),
  });

  app.use(requestContext());
  app.use(errorHandler());
  app.use(securityHeaders());
  app.use(noStoreApi());
  app.use(onlyApi(compressApiAnswers()));
  app.use(csrfProtection());
  // The public property sheet (/ficha/…) is server-rendered: before the web client's SPA fallback.
  app.use(propertySheetPageRouter().routes());
  app.use(staticWeb(deps.env.WEB_DIST));
  // POST /api/import/clients alone accepts a larger JSON body (a 20,000-row CSV); see csv.routes.ts.
  app.use(csvImportBodyParser());
  // POST /api/sync/push carries up to 200 queued mutations: a larger limit too (sync.routes.ts).
  app.use(syncPushBodyParser());
  app.use(onlyApi(jsonBodyParser(deps.env.BODY_LIMIT)));
  app.use(onlyApi(sessionMiddleware(app, store, deps.env)));
  app.use(authContext());
  app.use(maintenanceGate());

  app.use(apiDispatch(API_ROUTE_TABLES));
  for (const router of options.routers ?? []) app.use(router.routes());

  app.use(async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) throw notFound(errorMessages.notFound);
    await next();
  });

  const endLiveStreams = () => liveOf(deps).close();
  return Object.assign(app, {
    dispose: () => {
      endLiveStreams();
      store.stop();
    },
    endLiveStreams,
  });
}
