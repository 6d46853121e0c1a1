import { crudRoutes } from '../../http/crud-routes';
import { defineRoutes, route } from '../../http/route';
import {
  organizationCreateSchema,
  organizationSchema,
  organizationUpdateSchema,
  registrationSettingsSchema,
  registrationSettingsUpdateSchema,
  saasStatsSchema,
  saasUserCreateSchema,
  saasUserUpdateSchema,
  statusToggleSchema,
  userSchema,
} from '@casa/shared-schema';
import { domainCtx } from '../../http/context';
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
import { keepCurrentSession } from '../accounts/password.service';

/** SaaS administration (docs/product.md#saas-admin): organizations, users, registration settings, stats (packages: packages.routes.ts). */
export function saasRoutes() {
  const id = (ctx: { params: Record<string, string | undefined> }) => ctx.params.id ?? '';
  return defineRoutes('saas', [
    ...crudRoutes({
      path: '/api/saas/organizations',
      read: 'super_admin',
      write: 'super_admin',
      answer: organizationSchema,
      list: { summary: 'All organizations with counts', run: listSaasOrganizations },
      create: {
        summary: 'Create an organization',
        body: organizationCreateSchema,
        run: createSaasOrganization,
      },
      update: {
        summary: 'Update an organization',
        body: organizationUpdateSchema,
        run: updateSaasOrganization,
      },
      remove: {
        summary: 'Delete an organization',
        answers: 'nothing',
        errors: [404, 409],
        run: deleteSaasOrganization,
      },
    }),
    route(
      {
        method: 'PUT',
        path: '/api/saas/organizations/:id/status',
        summary: 'Activate or suspend an organization',
        audience: 'super_admin',
        body: statusToggleSchema,
        answer: organizationSchema,
        errors: [400, 404],
      },
      async (ctx) => {
        ctx.body = await setSaasOrganizationStatus(domainCtx(ctx), id(ctx), ctx.request.body);
      },
    ),

    ...crudRoutes({
      path: '/api/saas/users',
      read: 'super_admin',
      write: 'super_admin',
      answer: userSchema,
      list: { summary: 'All users', run: listSaasUsers },
      create: {
        summary: 'Create a user in any organization',
        body: saasUserCreateSchema,
        errors: [400, 404, 409],
        run: createSaasUser,
      },
      update: {
        summary: 'Update any user',
        body: saasUserUpdateSchema,
        run: updateSaasUser,
        // A super admin who reset their own password stays signed in here.
        then: keepCurrentSession,
      },
      remove: { summary: 'Delete a user', answers: 'nothing', errors: [404, 409], run: deleteSaasUser },
    }),
    route(
      {
        method: 'PUT',
        path: '/api/saas/users/:id/status',
        summary: 'Activate or suspend a user',
        audience: 'super_admin',
        body: statusToggleSchema,
        answer: userSchema,
        errors: [400, 404, 409],
      },
      async (ctx) => {
        ctx.body = await setSaasUserStatus(domainCtx(ctx), id(ctx), ctx.request.body);
      },
    ),

    route(
      {
        method: 'GET',
        path: '/api/saas/stats',
        summary: 'Platform figures',
        audience: 'super_admin',
        answer: saasStatsSchema,
        errors: [401, 403],
      },
      async (ctx) => {
        ctx.body = await saasStats(domainCtx(ctx));
      },
    ),

    route(
      {
        method: 'GET',
        path: '/api/organizations/:id/registration-settings',
        summary: "An organization's registration settings",
        tags: ['saas', 'organization'],
        audience: 'admin',
        answer: registrationSettingsSchema,
        errors: [404],
      },
      async (ctx) => {
        ctx.body = await getRegistrationSettings(domainCtx(ctx), id(ctx));
      },
    ),
    route(
      {
        method: 'PUT',
        path: '/api/organizations/:id/registration-settings',
        summary: "Update an organization's registration settings",
        tags: ['saas', 'organization'],
        audience: 'admin',
        body: registrationSettingsUpdateSchema,
        answer: registrationSettingsSchema,
        errors: [400, 404],
      },
      async (ctx) => {
        ctx.body = await saveRegistrationSettings(domainCtx(ctx), id(ctx), ctx.request.body);
      },
    ),
  ]);
}
