import {
  clientSearchQuerySchema,
  normalizeForSearch,
  type Client,
  type ClientSearchQuery,
  type ClientSearchResult,
} from '@casa/shared-schema';
import { forOrganization } from '../../db/scope';
import { seqCached } from '../../db/seq-cache';
import { CLIENT_ANSWERS, CLIENT_SEARCH_TABLES, jsonBytes } from '../clients/client-answers.policy';
import type { DomainCtx } from '../../http/context';
import { toNumber } from '../../db/rows';
import { toClient } from '../clients/clients.policy';
import { applyClientSearchFilters, orderByName } from './search.query';

type Row = Record<string, unknown>;

/**
 * A client row in wire shape, without the server-only search_text: toClient, the list's planned mapping
 * (the same JSON as fromDbRows('clients') without searchText, checked on all 50,212 bench rows, without
 * its per-row rest copy).
 */
export function clientsFromRows(rows: readonly Row[]): Client[] {
  return rows.map(toClient);
}

/** GET /api/search/clients: the advanced search of docs/product.md#search, paginated and ordered by name. */
export function searchClients(ctx: DomainCtx, args: unknown): Promise<ClientSearchResult> {
  return searchClientsParsed(ctx, clientSearchQuerySchema.parse(args));
}

async function searchClientsParsed(ctx: DomainCtx, query: ClientSearchQuery): Promise<ClientSearchResult> {
  const { limit, offset, ...filters } = query;
  const scope = forOrganization(ctx.db, ctx.auth);

  const countRow = (await applyClientSearchFilters(ctx.db, scope.table('clients'), filters)
    .count({ total: '*' })
    .first()) as { total: unknown } | undefined;
  const rows = (await orderByName(ctx.db, applyClientSearchFilters(ctx.db, scope.table('clients'), filters))
    .select('clients.*')
    .limit(limit)
    .offset(offset)) as Row[];

  return { clients: clientsFromRows(rows), total: toNumber(countRow?.total) };
}

/**
 * GET /api/search/clients: `searchClients`'s answer as the JSON bytes the route sends, from the answer
 * cache while no client was written (client-answers.policy.ts). The key is the parsed query with `q` and `zone`
 * normalised as the SQL uses them (search.query.ts), so 'João' and 'joao ' share one entry; the answer is
 * the same for every member of the organization and depends on no clock.
 */
export function searchClientsJson(ctx: DomainCtx, parsed: ClientSearchQuery): Promise<Buffer> {
  const key = `search\u0000${JSON.stringify({
    ...parsed,
    q: normalizeForSearch(parsed.q),
    zone: normalizeForSearch(parsed.zone),
  })}`;
  return seqCached(ctx, CLIENT_ANSWERS, key, CLIENT_SEARCH_TABLES, async () =>
    jsonBytes(await searchClientsParsed(ctx, parsed)),
  );
}
