import Router from '@koa/router';
import { requireAuth } from '../../http/auth';
import { domainCtx } from '../../http/context';
import type { AppContextExt, AppState } from '../../http/types';
import {
  createOrganizationUser,
  deleteOrganizationUser,
  getOrganization,
  listOrganizationUsers,
  updateOrganizationUser,
} from './organization.domain';
import { keepCurrentSession } from '../accounts/password-columns';

/** Organization admin (docs/product.md#organization-admin /admin): the admin's own organization and its users. */
export function organizationRoutes() {
  const router = new Router<AppState, AppContextExt>();

  router.get('/api/organization', requireAuth, async (ctx) => {
    ctx.body = await getOrganization(domainCtx(ctx));
  });

  router.get('/api/organization/users', requireAuth, async (ctx) => {
    ctx.body = await listOrganizationUsers(domainCtx(ctx));
  });

  router.post('/api/organization/users', requireAuth, async (ctx) => {
    ctx.status = 201;
    ctx.body = await createOrganizationUser(domainCtx(ctx), ctx.request.body);
  });

  router.put('/api/organization/users/:id', requireAuth, async (ctx) => {
    ctx.body = await updateOrganizationUser(domainCtx(ctx), ctx.params.id ?? '', ctx.request.body);
    await keepCurrentSession(ctx); // an admin who reset their own password stays signed in here
  });

  router.delete('/api/organization/users/:id', requireAuth, async (ctx) => {
    await deleteOrganizationUser(domainCtx(ctx), ctx.params.id ?? '');
    ctx.status = 204;
  });

  return router;
}
