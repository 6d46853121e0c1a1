import { defineRoutes, route } from '../../http/route';
import { z } from 'zod';
import { clientTagsSetSchema, tagCreateSchema, tagRefSchema, tagSchema } from '@casa/shared-schema';
import { domainCtx } from '../../http/context';
import { createTag, listClientTags, listTags, setClientTags } from './tags.domain';

export function tagsRoutes() {
  return defineRoutes('tags', [
    route(
      {
        method: 'GET',
        path: '/api/tags',
        summary: "The organization's tags",
        audience: 'member',
        answer: z.array(tagSchema),
        errors: [401, 403],
      },
      async (ctx) => {
        ctx.body = await listTags(domainCtx(ctx));
      },
    ),

    // 201 for a new tag, 200 when an existing one with the same name is reused.
    route(
      {
        method: 'POST',
        path: '/api/tags',
        summary: 'Create a tag (200 with the existing one when the name is taken)',
        audience: 'writer',
        body: tagCreateSchema,
        answer: tagSchema,
        status: 201,
        errors: [400],
      },
      async (ctx) => {
        const { tag, created } = await createTag(domainCtx(ctx), ctx.request.body);
        ctx.status = created ? 201 : 200;
        ctx.body = tag;
      },
    ),

    route(
      {
        method: 'GET',
        path: '/api/clients/:id/tags',
        summary: "A client's tags",
        audience: 'member',
        answer: z.array(tagRefSchema),
        errors: [404],
      },
      async (ctx) => {
        ctx.body = await listClientTags(domainCtx(ctx), ctx.params.id);
      },
    ),

    route(
      {
        method: 'POST',
        path: '/api/clients/:id/tags',
        summary: "Replace a client's tags",
        audience: 'writer',
        body: clientTagsSetSchema,
        answer: z.array(tagRefSchema),
        errors: [400, 404],
      },
      async (ctx) => {
        const body = (ctx.request.body ?? {}) as Record<string, unknown>;
        ctx.body = await setClientTags(domainCtx(ctx), { ...body, clientId: ctx.params.id });
      },
    ),
  ]);
}
