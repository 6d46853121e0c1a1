import { defineRoutes, route } from '../../http/route';
import { z } from 'zod';
import {
  organizationDetailsSchema,
  organizationUserCreateSchema,
  organizationUserUpdateSchema,
  userSchema,
} from '@casa/shared-schema';
import { domainCtx } from '../../http/context';
import {
  createOrganizationUser,
  deleteOrganizationUser,
  getOrganization,
  listOrganizationUsers,
  updateOrganizationUser,
} from './organization.domain';
import { keepCurrentSession } from '../accounts/password.service';

/** Organization admin (docs/product.md#organization-admin /admin): the admin's own organization and its users. */
export function organizationRoutes() {
  return defineRoutes('organization', [
    route(
      {
        method: 'GET',
        path: '/api/organization',
        summary: 'Own organization',
        audience: 'admin',
        answer: organizationDetailsSchema,
        errors: [401, 403],
      },
      async (ctx) => {
        ctx.body = await getOrganization(domainCtx(ctx));
      },
    ),

    route(
      {
        method: 'GET',
        path: '/api/organization/users',
        summary: "The organization's users",
        audience: 'admin',
        answer: z.array(userSchema),
        errors: [401, 403],
      },
      async (ctx) => {
        ctx.body = await listOrganizationUsers(domainCtx(ctx));
      },
    ),

    route(
      {
        method: 'POST',
        path: '/api/organization/users',
        summary: 'Create a user in own organization',
        audience: 'admin',
        body: organizationUserCreateSchema,
        answer: userSchema,
        status: 201,
        errors: [400, 409],
      },
      async (ctx) => {
        ctx.status = 201;
        ctx.body = await createOrganizationUser(domainCtx(ctx), ctx.request.body);
      },
    ),

    route(
      {
        method: 'PUT',
        path: '/api/organization/users/:id',
        summary: 'Update a user of own organization',
        audience: 'admin',
        body: organizationUserUpdateSchema,
        answer: userSchema,
        errors: [400, 404, 409],
      },
      async (ctx) => {
        ctx.body = await updateOrganizationUser(domainCtx(ctx), ctx.params.id ?? '', ctx.request.body);
        await keepCurrentSession(ctx); // an admin who reset their own password stays signed in here
      },
    ),

    route(
      {
        method: 'DELETE',
        path: '/api/organization/users/:id',
        summary: 'Delete a user of own organization',
        audience: 'admin',
        status: 204,
        errors: [404, 409],
      },
      async (ctx) => {
        await deleteOrganizationUser(domainCtx(ctx), ctx.params.id ?? '');
        ctx.status = 204;
      },
    ),
  ]);
}
