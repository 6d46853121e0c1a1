import { crudRoutes } from '../../http/crud-routes';
import { defineRoutes, route } from '../../http/route';
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

    ...crudRoutes({
      path: '/api/organization/users',
      read: 'admin',
      write: 'admin',
      answer: userSchema,
      list: { summary: "The organization's users", run: listOrganizationUsers },
      create: {
        summary: 'Create a user in own organization',
        body: organizationUserCreateSchema,
        run: createOrganizationUser,
      },
      update: {
        summary: 'Update a user of own organization',
        body: organizationUserUpdateSchema,
        run: updateOrganizationUser,
        // An admin who reset their own password stays signed in here.
        then: keepCurrentSession,
      },
      remove: {
        summary: 'Delete a user of own organization',
        answers: 'nothing',
        errors: [404, 409],
        run: deleteOrganizationUser,
      },
    }),
  ]);
}
