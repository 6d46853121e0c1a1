import { z } from 'zod';
import { propertySheetLinkCreatedSchema, propertySheetLinkSchema } from '@casa/shared-schema';
import { okSchema } from '../../http/answers';
import { domainCtx } from '../../http/context';
import { defineRoutes, route } from '../../http/route';
import { ownOrigin } from './own-origin';
import { createSheetLink, listSheetLinks, revokeSheetLink } from './sheet-links.domain';

/** Share links of the public property sheet ('Ficha do imóvel'); the page itself is sheet-page.routes.ts. */
export function propertySheetLinksRoutes() {
  return defineRoutes('property-sheets', [
    route(
      {
        method: 'POST',
        path: '/api/properties/:id/sheet-links',
        summary: 'Make a public link to the property sheet (the URL, with its token, is answered this once)',
        audience: 'writer',
        answer: propertySheetLinkCreatedSchema,
        status: 201,
        errors: [404],
      },
      async (ctx) => {
        ctx.status = 201;
        ctx.body = await createSheetLink(domainCtx(ctx), ctx.params.id, ownOrigin(ctx));
      },
    ),

    route(
      {
        method: 'GET',
        path: '/api/properties/:id/sheet-links',
        summary: "A property's active sheet links (without their tokens)",
        audience: 'member',
        answer: z.array(propertySheetLinkSchema),
        errors: [404],
      },
      async (ctx) => {
        ctx.body = await listSheetLinks(domainCtx(ctx), ctx.params.id);
      },
    ),

    route(
      {
        method: 'DELETE',
        path: '/api/sheet-links/:id',
        summary: 'Revoke a sheet link (its URL answers 404 from now on)',
        audience: 'writer',
        answer: okSchema,
        errors: [404],
      },
      async (ctx) => {
        await revokeSheetLink(domainCtx(ctx), ctx.params.id);
        ctx.body = { ok: true };
      },
    ),
  ]);
}
