import { packageCreateSchema, packageSchema, packageUpdateSchema } from '@casa/shared-schema';
import { z } from 'zod';
import { domainCtx } from '../../http/context';
import { defineRoutes, route } from '../../http/route';
import { createPackage, deletePackage, listPackages, updatePackage } from './packages.domain';

/** The SaaS packages: the landing page reads the active ones; the super admin manages them. */
export function packagesRoutes() {
  const id = (ctx: { params: Record<string, string | undefined> }) => ctx.params.id ?? '';
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
    route(
      {
        method: 'POST',
        path: '/api/packages',
        summary: 'Create a package',
        audience: 'super_admin',
        body: packageCreateSchema,
        answer: packageSchema,
        status: 201,
        errors: [400, 409],
      },
      async (ctx) => {
        ctx.status = 201;
        ctx.body = await createPackage(domainCtx(ctx), ctx.request.body);
      },
    ),
    route(
      {
        method: 'PUT',
        path: '/api/packages/:id',
        summary: 'Update a package',
        audience: 'super_admin',
        body: packageUpdateSchema,
        answer: packageSchema,
        errors: [400, 404, 409],
      },
      async (ctx) => {
        ctx.body = await updatePackage(domainCtx(ctx), id(ctx), ctx.request.body);
      },
    ),
    route(
      {
        method: 'DELETE',
        path: '/api/packages/:id',
        summary: 'Delete a package',
        audience: 'super_admin',
        status: 204,
        errors: [404, 409],
      },
      async (ctx) => {
        await deletePackage(domainCtx(ctx), id(ctx));
        ctx.status = 204;
      },
    ),
  ]);
}
