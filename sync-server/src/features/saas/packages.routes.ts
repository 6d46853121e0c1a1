import { packageCreateSchema, packageSchema, packageUpdateSchema } from '@casa/shared-schema';
import { z } from 'zod';
import { crudRoutes } from '../../http/crud-routes';
import { defineRoutes, route } from '../../http/route';
import { createPackage, deletePackage, listPackages, updatePackage } from './packages.domain';

/** The SaaS packages: the landing page reads the active ones; the super admin manages them. */
export function packagesRoutes() {
  return defineRoutes('saas', [
    // Public: the landing page's pricing reads the active packages without a session.
    route(
      {
        method: 'GET',
        path: '/api/packages',
        summary: 'Packages (active ones only without a super-admin session)',
        audience: 'public',
        answer: z.array(packageSchema),
        errors: [],
      },
      async (ctx) => {
        ctx.body = await listPackages(ctx.deps.knex, ctx.state.auth);
      },
    ),
    ...crudRoutes({
      path: '/api/packages',
      read: 'super_admin',
      write: 'super_admin',
      answer: packageSchema,
      create: { summary: 'Create a package', body: packageCreateSchema, run: createPackage },
      update: { summary: 'Update a package', body: packageUpdateSchema, run: updatePackage },
      remove: { summary: 'Delete a package', answers: 'nothing', errors: [404, 409], run: deletePackage },
    }),
  ]);
}
