import type { OrganizationScope, OrganizationTable } from '../db/scope';
import { PageSizer, yieldToEventLoop } from './bounded-pages';
import { CSV_BOM, csvLine, EXPORT_BATCH } from './csv-lines';

type Row = Record<string, unknown>;

/**
 * An organization table as CSV text chunks (GET /api/export/clients, /api/export/properties): the BOM and
 * the header line, then one chunk per keyset page of live rows (by id, sized by PageSizer so a page of heavy
 * rows stays small), whose lines `pageLines` makes with the page's own joins (tags, owners, agents). One
 * page in memory at a time, and the event loop runs between pages.
 */
export async function* organizationCsv(
  scope: OrganizationScope,
  table: OrganizationTable,
  header: readonly string[],
  pageLines: (rows: Row[]) => Promise<string>,
): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(header);
  let after: string | null = null;
  const sizer = new PageSizer(EXPORT_BATCH);
  for (;;) {
    const limit = sizer.rows;
    const query = scope.table(table).orderBy(`${table}.id`).limit(limit);
    if (after !== null) query.where(`${table}.id`, '>', after);
    const rows = (await query.select(`${table}.*`)) as Row[];
    if (rows.length === 0) return;
    const chunk = await pageLines(rows);
    yield chunk;
    after = String(rows[rows.length - 1]!.id);
    if (rows.length < limit) return;
    sizer.record(rows.length, chunk.length);
    await yieldToEventLoop();
  }
}
