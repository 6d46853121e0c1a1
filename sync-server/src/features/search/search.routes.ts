import { defineRoutes, queryOf, route } from '../../http/route';
import { clientSearchQuerySchema, clientSearchResultSchema } from '@casa/shared-schema';
import { domainCtx } from '../../http/context';
import { searchClientsJson } from './search.domain';

export function searchRoutes() {
  return defineRoutes('search', [
    route(
      {
        method: 'GET',
        path: '/api/search/clients',
        summary: 'Search clients (accent- and case-insensitive)',
        audience: 'member',
        query: clientSearchQuerySchema,
        answer: clientSearchResultSchema,
        errors: [400, 401, 403],
      },
      async (ctx) => {
        // Cached JSON bytes (search.domain.ts searchClientsJson), sent as is.
        ctx.type = 'application/json; charset=utf-8';
        ctx.body = await searchClientsJson(domainCtx(ctx), queryOf(ctx, clientSearchQuerySchema));
      },
    ),
  ]);
}
