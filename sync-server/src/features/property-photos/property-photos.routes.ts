import { z } from 'zod';
import {
  errorMessages,
  PROPERTY_PHOTO_MAX_BYTES,
  propertyPhotoOrderSchema,
  propertyPhotoSchema,
  type PropertyPhotoVariant,
} from '@casa/shared-schema';
import { okSchema } from '../../http/answers';
import { domainCtx } from '../../http/context';
import { bodyOf } from '../../http/json-body';
import { readUploadedForm } from '../../http/multipart';
import { defineRoutes, route, type Handler } from '../../http/route';
import {
  deletePropertyPhoto,
  listPropertyPhotos,
  readPropertyPhotoFile,
  reorderPropertyPhotos,
  setPropertyPhotoCover,
  uploadPropertyPhoto,
} from './property-photos.domain';

const PHOTOS = '/api/properties/:propertyId/photos';

/**
 * The bytes of a photo never change under its URL (a new picture is a new photo id), so browsers and the
 * service worker keep them for a year without asking again; the ETag answers a revalidation with 304.
 */
function servePhoto(variant: PropertyPhotoVariant): Handler {
  return async (ctx) => {
    const { propertyId, photoId } = ctx.params;
    const file = await readPropertyPhotoFile(domainCtx(ctx), propertyId, photoId, variant);
    ctx.set('Cache-Control', 'private, max-age=31536000, immutable');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Disposition', 'inline');
    ctx.etag = `"${photoId}-${variant}"`;
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.type = file.mime;
    ctx.body = file.data;
  };
}

export function propertyPhotosRoutes() {
  return defineRoutes('property-photos', [
    route(
      {
        method: 'GET',
        path: PHOTOS,
        summary: "A property's photos (metadata, gallery order)",
        audience: 'member',
        answer: z.array(propertyPhotoSchema),
        errors: [404],
      },
      async (ctx) => {
        ctx.body = await listPropertyPhotos(domainCtx(ctx), ctx.params.propertyId);
      },
    ),

    // 201 for a new photo; 200 with the existing one when its id was uploaded before (a retried upload).
    route(
      {
        method: 'POST',
        path: PHOTOS,
        summary:
          'Upload a photo (multipart: file `photo` JPEG/PNG/WebP ≤ 10 MB, text `id` the device-made uuid; 200 when that id exists)',
        audience: 'writer',
        bodyType: 'multipart/form-data',
        answer: propertyPhotoSchema,
        status: 201,
        errors: [400, 404, 409, 413, 415],
      },
      async (ctx) => {
        const { file, fields } = await readUploadedForm(ctx, {
          field: 'photo',
          maxBytes: PROPERTY_PHOTO_MAX_BYTES,
          missingMessage: errorMessages.propertyPhotoMissing,
          tooLargeMessage: errorMessages.propertyPhotoTooLarge,
        });
        const { photo, created } = await uploadPropertyPhoto(domainCtx(ctx), {
          propertyId: ctx.params.propertyId,
          photoId: fields.id,
          file,
        });
        ctx.status = created ? 201 : 200;
        ctx.body = photo;
      },
    ),

    route(
      {
        method: 'PUT',
        path: `${PHOTOS}/order`,
        summary:
          "Reorder a property's photos (the first is the cover; unnamed photos keep their order after)",
        audience: 'writer',
        body: propertyPhotoOrderSchema,
        answer: z.array(propertyPhotoSchema),
        errors: [400, 404],
      },
      async (ctx) => {
        ctx.body = await reorderPropertyPhotos(domainCtx(ctx), {
          ...bodyOf(ctx.request.body),
          propertyId: ctx.params.propertyId,
        });
      },
    ),

    route(
      {
        method: 'PUT',
        path: `${PHOTOS}/:photoId/cover`,
        summary: "Make a photo the property's cover (it goes first)",
        audience: 'writer',
        answer: z.array(propertyPhotoSchema),
        errors: [404],
      },
      async (ctx) => {
        ctx.body = await setPropertyPhotoCover(domainCtx(ctx), {
          propertyId: ctx.params.propertyId,
          photoId: ctx.params.photoId,
        });
      },
    ),

    route(
      {
        method: 'DELETE',
        path: `${PHOTOS}/:photoId`,
        summary: 'Delete a photo',
        audience: 'writer',
        answer: okSchema,
        errors: [404],
      },
      async (ctx) => {
        await deletePropertyPhoto(domainCtx(ctx), {
          propertyId: ctx.params.propertyId,
          photoId: ctx.params.photoId,
        });
        ctx.body = { ok: true };
      },
    ),

    route(
      {
        method: 'GET',
        path: `${PHOTOS}/:photoId/display`,
        summary: 'A photo at display size (JPEG ≤ 1600 px; immutable)',
        audience: 'member',
        answerType: 'image/jpeg',
        errors: [404],
      },
      servePhoto('display'),
    ),

    route(
      {
        method: 'GET',
        path: `${PHOTOS}/:photoId/thumb`,
        summary: 'A photo thumbnail (WebP ≤ 400 px; immutable, kept offline by the service worker)',
        audience: 'member',
        answerType: 'image/webp',
        errors: [404],
      },
      servePhoto('thumb'),
    ),
  ]);
}
