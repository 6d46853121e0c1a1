import { clientSearchQuerySchema, type Client, type ClientSearchResult } from '@casa/shared-schema';
import { forOrganization } from '../../db/scope';
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
export async function searchClients(ctx: DomainCtx, args: unknown): Promise<ClientSearchResult> {
  const { limit, offset, ...filters } = clientSearchQuerySchema.parse(args);
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
