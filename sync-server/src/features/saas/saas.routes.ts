import { defineRoutes, route } from '../../http/route';
import { z } from 'zod';
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
    route(
      {
        method: 'GET',
        path: '/api/saas/organizations',
        summary: 'All organizations with counts',
        audience: 'super_admin',
        answer: z.array(organizationSchema),
        errors: [401, 403],
      },
      async (ctx) => {
        ctx.body = await listSaasOrganizations(domainCtx(ctx));
      },
    ),
    route(
      {
        method: 'POST',
        path: '/api/saas/organizations',
        summary: 'Create an organization',
        audience: 'super_admin',
        body: organizationCreateSchema,
        answer: organizationSchema,
        status: 201,
        errors: [400, 409],
      },
      async (ctx) => {
        ctx.status = 201;
        ctx.body = await createSaasOrganization(domainCtx(ctx), ctx.request.body);
      },
    ),
    route(
      {
        method: 'PUT',
        path: '/api/saas/organizations/:id',
        summary: 'Update an organization',
        audience: 'super_admin',
        body: organizationUpdateSchema,
        answer: organizationSchema,
        errors: [400, 404, 409],
      },
      async (ctx) => {
        ctx.body = await updateSaasOrganization(domainCtx(ctx), id(ctx), ctx.request.body);
      },
    ),
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
    route(
      {
        method: 'DELETE',
        path: '/api/saas/organizations/:id',
        summary: 'Delete an organization',
        audience: 'super_admin',
        status: 204,
        errors: [404, 409],
      },
      async (ctx) => {
        await deleteSaasOrganization(domainCtx(ctx), id(ctx));
        ctx.status = 204;
      },
    ),

    route(
      {
        method: 'GET',
        path: '/api/saas/users',
        summary: 'All users',
        audience: 'super_admin',
        answer: z.array(userSchema),
        errors: [401, 403],
      },
      async (ctx) => {
        ctx.body = await listSaasUsers(domainCtx(ctx));
      },
    ),
    route(
      {
        method: 'POST',
        path: '/api/saas/users',
        summary: 'Create a user in any organization',
        audience: 'super_admin',
        body: saasUserCreateSchema,
        answer: userSchema,
        status: 201,
        errors: [400, 404, 409],
      },
      async (ctx) => {
        ctx.status = 201;
        ctx.body = await createSaasUser(domainCtx(ctx), ctx.request.body);
      },
    ),
    route(
      {
        method: 'PUT',
        path: '/api/saas/users/:id',
        summary: 'Update any user',
        audience: 'super_admin',
        body: saasUserUpdateSchema,
        answer: userSchema,
        errors: [400, 404, 409],
      },
      async (ctx) => {
        ctx.body = await updateSaasUser(domainCtx(ctx), id(ctx), ctx.request.body);
        await keepCurrentSession(ctx); // a super admin who reset their own password stays signed in here
      },
    ),
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
        method: 'DELETE',
        path: '/api/saas/users/:id',
        summary: 'Delete a user',
        audience: 'super_admin',
        status: 204,
        errors: [404, 409],
      },
      async (ctx) => {
        await deleteSaasUser(domainCtx(ctx), id(ctx));
        ctx.status = 204;
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
