import { defineRoutes, route } from '../../http/route';
import { okSchema } from '../../http/answers';
import {
  photoUploadResponseSchema,
  profilePasswordChangeSchema,
  profileSchema,
  profileUpdateSchema,
  uuidSchema,
} from '@casa/shared-schema';
import { domainCtx } from '../../http/context';
import { notFound } from '../../http/errors';
import { readPhoto } from './photo-upload';
import { changePassword, getPhoto, getProfile, removePhoto, setPhoto, updateProfile } from './profile.domain';
import { keepCurrentSession } from '../accounts/password.service';

export function profileRoutes() {
  return defineRoutes('profile', [
    route(
      {
        method: 'GET',
        path: '/api/profile',
        summary: 'Own profile',
        audience: 'member',
        answer: profileSchema,
        errors: [401],
      },
      async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = await getProfile(domainCtx(ctx));
      },
    ),

    route(
      {
        method: 'PUT',
        path: '/api/profile',
        summary: 'Update own profile',
        audience: 'member',
        body: profileUpdateSchema,
        answer: profileSchema,
        errors: [400, 401, 409],
      },
      async (ctx) => {
        ctx.body = await updateProfile(domainCtx(ctx), ctx.request.body);
      },
    ),

    route(
      {
        method: 'PUT',
        path: '/api/profile/password',
        summary: 'Change own password',
        audience: 'member',
        body: profilePasswordChangeSchema,
        answer: okSchema,
        errors: [400, 401],
      },
      async (ctx) => {
        await changePassword(domainCtx(ctx), ctx.request.body);
        await keepCurrentSession(ctx);
        ctx.body = { ok: true };
      },
    ),

    route(
      {
        method: 'POST',
        path: '/api/profile/photo',
        summary: 'Upload own photo (multipart field `photo`, JPEG/PNG, ≤ 5 MB)',
        audience: 'member',
        bodyType: 'multipart/form-data',
        answer: photoUploadResponseSchema,
        errors: [400, 401, 413, 415],
      },
      async (ctx) => {
        const photo = await readPhoto(ctx);
        ctx.body = await setPhoto(domainCtx(ctx), photo);
      },
    ),

    route(
      {
        method: 'DELETE',
        path: '/api/profile/photo',
        summary: 'Remove own photo',
        audience: 'member',
        answer: okSchema,
        errors: [401],
      },
      async (ctx) => {
        await removePhoto(domainCtx(ctx));
        ctx.body = { ok: true };
      },
    ),

    route(
      {
        method: 'GET',
        path: '/api/users/:id/photo',
        summary: 'A user photo (same organization only)',
        audience: 'member',
        answerType: 'image/*',
        errors: [401, 404],
      },
      async (ctx) => {
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
      },
    ),
  ]);
}
