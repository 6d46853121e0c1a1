import {
  CLIENT_CSV_COLUMNS,
  CSV_CUSTOM_FIELD_KEYS,
  formatCsvNumber,
  formatDate,
  formatDateTime,
  lisbonDateString,
  type Client,
  type ClientCsvColumn,
} from '@casa/shared-schema';
import { fromDbRows } from '../../db/rows';
import { forOrganization } from '../../db/scope';
import { PageSizer, yieldToEventLoop } from '../../lib/bounded-pages';
import type { DomainCtx } from '../../http/context';

// The lines and cells of every CSV file (clients, properties) are defined once in lib/csv-lines.ts.
import { CSV_BOM, csvLine, EXPORT_BATCH } from '../../lib/csv-lines';

export { CSV_BOM, CSV_SEPARATOR, csvCell, csvLine, EXPORT_BATCH } from '../../lib/csv-lines';

type ExportRow = { client: Client; tagNames: string[]; agent: string };

function cellOf(column: ClientCsvColumn, row: ExportRow): string {
  const { client } = row;
  const fields = (client.customFields ?? {}) as Record<string, unknown>;
  if (column.custom) {
    const value = fields[column.custom];
    if (value === null || value === undefined) return '';
    if (column.numeric) return formatCsvNumber(value);
    return typeof value === 'string' ? value : JSON.stringify(value);
  }
  if (!column.key) return '';
  const value: unknown = client[column.key];
  switch (column.kind) {
    case 'rating':
      return String(value ?? 0);
    case 'date': // dd/mm/aaaa: what Excel in Portugal reads as a date
      return typeof value === 'string' && value ? formatDate(value) : '';
    case 'datetime': // dd/mm/aaaa hh:mm, Lisbon time
      return typeof value === 'string' && value ? formatDateTime(value) : '';
    case 'tags':
      return row.tagNames.join(', ');
    case 'user':
      return row.agent;
    case 'customFields': {
      const other = Object.fromEntries(
        Object.entries(fields).filter(([k, v]) => !CSV_CUSTOM_FIELD_KEYS.includes(k) && v !== undefined),
      );
      return Object.keys(other).length ? JSON.stringify(other) : '';
    }
    default: // id, text, multiline, email, phone, clientType
      return value === null || value === undefined ? '' : String(value);
  }
}

/** `clientes-YYYY-MM-DD.csv`, the date of the Lisbon day. */
export function exportFileName(now: string): string {
  return `clientes-${lisbonDateString(now)}.csv`;
}

/**
 * GET /api/export/clients as an async sequence of text chunks: the BOM and header first, then one
 * chunk per keyset page of at most EXPORT_BATCH clients (ordered by id, sized by PageSizer), each with its tag names (from
 * client_tags, in name order) and agent email. Nothing but one page is ever held in memory.
 */
export async function* exportClientsCsv(ctx: DomainCtx): AsyncGenerator<string> {
  const scope = forOrganization(ctx.db, ctx.auth);
  yield CSV_BOM + csvLine(CLIENT_CSV_COLUMNS.map((c) => c.header));
  let after: string | null = null;
  // Pages sized by what they weigh: 1000 ordinary clients, a few dozen at the customFields bounds.
  const sizer = new PageSizer(EXPORT_BATCH);
  for (;;) {
    const limit = sizer.rows;
    const query = scope.table('clients').orderBy('clients.id').limit(limit);
    if (after !== null) query.where('clients.id', '>', after);
    const rows = (await query.select('clients.*')) as Array<Record<string, unknown>>;
    if (rows.length === 0) return;
    const clients = fromDbRows<Client & { searchText?: unknown }>('clients', rows);
    const ids = clients.map((c) => c.id);

    const links = (await scope
      .table('client_tags')
      .join('tags', 'tags.id', 'client_tags.tag_id')
      .whereNull('tags.deleted_at')
      .whereIn('client_tags.client_id', ids)
      .orderBy('tags.name')
      .select('client_tags.client_id as clientId', 'tags.name as name')) as Array<{
      clientId: string;
      name: string;
    }>;
    const tagsOf = new Map<string, string[]>();
    for (const link of links) tagsOf.set(link.clientId, [...(tagsOf.get(link.clientId) ?? []), link.name]);

    const agentIds = [...new Set(clients.map((c) => c.agentId).filter((id): id is string => !!id))];
    const agents = agentIds.length
      ? ((await ctx
          .db('users')
          .whereIn('id', agentIds)
          .where('organization_id', scope.organizationId)
          .select('id', 'email')) as Array<{ id: string; email: string }>)
      : [];
    const agentEmail = new Map(agents.map((a) => [a.id, a.email]));

    let chunk = '';
    for (const client of clients) {
      const row: ExportRow = {
        client,
        tagNames: tagsOf.get(client.id) ?? [],
        agent: client.agentId ? (agentEmail.get(client.agentId) ?? '') : '',
      };
      chunk += csvLine(
        CLIENT_CSV_COLUMNS.map((c) => cellOf(c, row)),
        CLIENT_CSV_COLUMNS,
      );
    }
    yield chunk;
    after = ids[ids.length - 1] ?? null;
    if (rows.length < limit) return;
    sizer.record(rows.length, chunk.length);
    await yieldToEventLoop();
  }
}
