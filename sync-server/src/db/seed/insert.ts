import { clientSearchText, propertySearchText, type SearchableClient } from '@casa/shared-schema';
import type { Knex } from 'knex';
import { dialectOf } from '../knex';
import { toDbRow } from '../rows';
import type { TableName } from '../tables';

// knex writes a multi-row SQLite insert as a compound SELECT, capped at 500 terms.
const SQLITE_MAX_ROWS = 500;
const MAX_PARAMS = 30_000;

/** Inserts camelCase records in chunks that stay under both dialects' statement limits. */
export async function insertRecords(
  knex: Knex,
  table: TableName,
  records: readonly object[],
  maxRowsPerChunk = 1000,
): Promise<void> {
  if (records.length === 0) return;
  const rows = records.map((r) => toDbRow(table, withDerivedColumns(table, r as Record<string, unknown>)));
  const columns = Object.keys(rows[0] ?? {}).length || 1;
  const dialectMax = dialectOf(knex) === 'sqlite' ? SQLITE_MAX_ROWS : maxRowsPerChunk;
  const size = Math.max(1, Math.min(maxRowsPerChunk, dialectMax, Math.floor(MAX_PARAMS / columns)));
  for (let i = 0; i < rows.length; i += size) {
    await knex(table).insert(rows.slice(i, i + size));
  }
}

/** Columns the domain derives on every write (search_text), derived here too for seeded rows. */
function withDerivedColumns(table: TableName, record: Record<string, unknown>): Record<string, unknown> {
  if ('searchText' in record) return record;
  if (table === 'properties') return { ...record, searchText: propertySearchText(record) };
  if (table !== 'clients') return record;
  const tags = Array.isArray(record.tags) ? (record.tags as string[]) : [];
  return { ...record, searchText: clientSearchText(record as SearchableClient, tags) };
}
