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
import type { DomainCtx } from '../../http/context';

// The lines and cells of every CSV file (clients, properties) are defined once in lib/csv-lines.ts.
import { csvLine } from '../../lib/csv-lines';
import { organizationCsv } from '../../lib/organization-csv';

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
 * GET /api/export/clients as an async sequence of text chunks (organizationCsv: one keyset page at a time),
 * each client with its tag names (from client_tags, in name order) and its agent's email.
 */
export function exportClientsCsv(ctx: DomainCtx): AsyncGenerator<string> {
  const scope = forOrganization(ctx.db, ctx.auth);
  const header = CLIENT_CSV_COLUMNS.map((c) => c.header);
  return organizationCsv(scope, 'clients', header, async (rows) => {
    const clients = fromDbRows<Client & { searchText?: unknown }>('clients', rows);
    const links = (await scope
      .table('client_tags')
      .join('tags', 'tags.id', 'client_tags.tag_id')
      .whereNull('tags.deleted_at')
      .whereIn(
        'client_tags.client_id',
        clients.map((c) => c.id),
      )
      .orderBy('tags.name')
      .select('client_tags.client_id as clientId', 'tags.name as name')) as Array<{
      clientId: string;
      name: string;
    }>;
    const tagsOf = new Map<string, string[]>();
    for (const link of links) tagsOf.set(link.clientId, [...(tagsOf.get(link.clientId) ?? []), link.name]);
    const agentEmail = await scope.memberEmails(clients.map((c) => c.agentId));

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
    return chunk;
  });
}
