import Router from '@koa/router';
import { uuidSchema } from '@casa/shared-schema';
import { requireAuth } from '../../http/auth';
import { domainCtx } from '../../http/context';
import { notFound } from '../../http/errors';
import type { AppContextExt, AppState } from '../../http/types';
import { readPhoto } from './photo-upload';
import { changePassword, getPhoto, getProfile, removePhoto, setPhoto, updateProfile } from './profile.domain';
import { keepCurrentSession } from '../accounts/password-columns';

export function profileRoutes() {
  const router = new Router<AppState, AppContextExt>();

  router.get('/api/profile', requireAuth, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await getProfile(domainCtx(ctx));
  });

  router.put('/api/profile', requireAuth, async (ctx) => {
    ctx.body = await updateProfile(domainCtx(ctx), ctx.request.body);
  });

  router.put('/api/profile/password', requireAuth, async (ctx) => {
    await changePassword(domainCtx(ctx), ctx.request.body);
    await keepCurrentSession(ctx);
    ctx.body = { ok: true };
  });

  router.post('/api/profile/photo', requireAuth, async (ctx) => {
    const photo = await readPhoto(ctx);
    ctx.body = await setPhoto(domainCtx(ctx), photo);
  });

  router.delete('/api/profile/photo', requireAuth, async (ctx) => {
    await removePhoto(domainCtx(ctx));
    ctx.body = { ok: true };
  });

  router.get('/api/users/:id/photo', requireAuth, async (ctx) => {
    const id = uuidSchema.safeParse(ctx.params.id);
    if (!id.success) throw notFound();
    const photo = await getPhoto(domainCtx(ctx), id.data);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Disposition', 'inline');
    // The URL carries ?v=<timestamp> that changes with every upload, so a versioned URL never goes stale.
    ctx.set('Cache-Control', ctx.query.v ? 'private, max-age=31536000, immutable' : 'private, no-cache');
    ctx.lastModified = new Date(photo.updatedAt);
    ctx.type = photo.mime;
    ctx.body = photo.data;
  });

  return router;
}
