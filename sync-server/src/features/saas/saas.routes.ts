import Router from '@koa/router';
import { requireAuth } from '../../http/auth';
import { domainCtx } from '../../http/context';
import type { AppContextExt, AppState } from '../../http/types';
import { createPackage, deletePackage, listPackages, updatePackage } from './packages.domain';
import { getRegistrationSettings, saveRegistrationSettings } from './registration-settings.domain';
import {
  createSaasOrganization,
  deleteSaasOrganization,
  listSaasOrganizations,
  setSaasOrganizationStatus,
  updateSaasOrganization,
} from './saas-organizations.domain';
import { saasStats } from './saas-stats.domain';
import {
  createSaasUser,
  deleteSaasUser,
  listSaasUsers,
  setSaasUserStatus,
  updateSaasUser,
} from './saas-users.domain';
import { keepCurrentSession } from '../accounts/password-columns';

/** SaaS administration (docs/product.md#saas-admin): packages, organizations, users, registration settings, stats. */
export function saasRoutes() {
  const router = new Router<AppState, AppContextExt>();
  const id = (ctx: { params: Record<string, string | undefined> }) => ctx.params.id ?? '';

  // Public: the landing page's pricing reads the active packages without a session.
  router.get('/api/packages', async (ctx) => {
    ctx.body = await listPackages(ctx.deps.knex, ctx.state.auth);
  });
  router.post('/api/packages', requireAuth, async (ctx) => {
    ctx.status = 201;
    ctx.body = await createPackage(domainCtx(ctx), ctx.request.body);
  });
  router.put('/api/packages/:id', requireAuth, async (ctx) => {
    ctx.body = await updatePackage(domainCtx(ctx), id(ctx), ctx.request.body);
  });
  router.delete('/api/packages/:id', requireAuth, async (ctx) => {
    await deletePackage(domainCtx(ctx), id(ctx));
    ctx.status = 204;
  });

  router.get('/api/saas/organizations', requireAuth, async (ctx) => {
    ctx.body = await listSaasOrganizations(domainCtx(ctx));
  });
  router.post('/api/saas/organizations', requireAuth, async (ctx) => {
    ctx.status = 201;
    ctx.body = await createSaasOrganization(domainCtx(ctx), ctx.request.body);
  });
  router.put('/api/saas/organizations/:id', requireAuth, async (ctx) => {
    ctx.body = await updateSaasOrganization(domainCtx(ctx), id(ctx), ctx.request.body);
  });
  router.put('/api/saas/organizations/:id/status', requireAuth, async (ctx) => {
    ctx.body = await setSaasOrganizationStatus(domainCtx(ctx), id(ctx), ctx.request.body);
  });
  router.delete('/api/saas/organizations/:id', requireAuth, async (ctx) => {
    await deleteSaasOrganization(domainCtx(ctx), id(ctx));
    ctx.status = 204;
  });

  router.get('/api/saas/users', requireAuth, async (ctx) => {
    ctx.body = await listSaasUsers(domainCtx(ctx));
  });
  router.post('/api/saas/users', requireAuth, async (ctx) => {
    ctx.status = 201;
    ctx.body = await createSaasUser(domainCtx(ctx), ctx.request.body);
  });
  router.put('/api/saas/users/:id', requireAuth, async (ctx) => {
    ctx.body = await updateSaasUser(domainCtx(ctx), id(ctx), ctx.request.body);
    await keepCurrentSession(ctx); // a super admin who reset their own password stays signed in here
  });
  router.put('/api/saas/users/:id/status', requireAuth, async (ctx) => {
    ctx.body = await setSaasUserStatus(domainCtx(ctx), id(ctx), ctx.request.body);
  });
  router.delete('/api/saas/users/:id', requireAuth, async (ctx) => {
    await deleteSaasUser(domainCtx(ctx), id(ctx));
    ctx.status = 204;
  });

  router.get('/api/saas/stats', requireAuth, async (ctx) => {
    ctx.body = await saasStats(domainCtx(ctx));
  });

  router.get('/api/organizations/:id/registration-settings', requireAuth, async (ctx) => {
    ctx.body = await getRegistrationSettings(domainCtx(ctx), id(ctx));
  });
  router.put('/api/organizations/:id/registration-settings', requireAuth, async (ctx) => {
    ctx.body = await saveRegistrationSettings(domainCtx(ctx), id(ctx), ctx.request.body);
  });

  return router;
}
