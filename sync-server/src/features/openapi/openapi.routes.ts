import { z } from 'zod';
import { defineRoutes, route, type DeclaredRoute } from '../../http/route';
import { buildOpenApiDocument } from './openapi.document';

/** GET /api/openapi.json: public; built from every declared route once, on first use, and kept. */
export function openApiRoutes(all: () => DeclaredRoute[]) {
  let cached: Record<string, unknown> | undefined;
  return defineRoutes('health', [
    route(
      {
        method: 'GET',
        path: '/api/openapi.json',
        summary: 'This OpenAPI document',
        audience: 'public',
        answer: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
      },
      (ctx) => {
        cached ??= buildOpenApiDocument(all());
        ctx.set('Cache-Control', 'public, max-age=300');
        ctx.body = cached;
      },
    ),
  ]);
}
