import type { z } from 'zod';
import { CLIENT_CSV_COLUMNS, csvColumnForHeader, type ClientCsvColumn } from '../api/csv';
import { clientCreateSchema, type ClientCreate } from '../entities/client';
import { tagNameKey } from '../entities/tag-rules';
import { CLIENT_TYPES, type ClientType } from '../enums';
import { csvMessages } from '../messages';
import { normalizeForSearch } from '../text/normalize';
import { parseCsvDate, parseCsvNumber, unprotectCsvCell } from './cells';
import { readCsvRecords, type CsvLineError } from './records';

export { detectCsvDelimiter } from './records';

/**
 * The one reading of a client CSV, used by the device's preview and by the server's import, so the
 * preview shows exactly what will be stored.
 */
export type CsvImportError = CsvLineError;
export type ParsedCsvRow = { line: number; client: ClientCreate };
export type ParsedClientsCsv = {
  rows: ParsedCsvRow[];
  errors: CsvImportError[];
  /** Header cells that name no known column: their data is not imported, and the user is told so. */
  ignoredColumns: string[];
  /** The known columns, in file order. */
  columns: ClientCsvColumn[];
  delimiter: string;
};

const TYPE_ALIASES = new Map<string, ClientType>([
  ...CLIENT_TYPES.map((t) => [normalizeForSearch(t), t] as const),
  ['buyer', 'Comprador'],
  ['seller', 'Vendedor'],
  ['investor', 'Investidor'],
]);

function columnLabel(path: readonly PropertyKey[]): string {
  const [first, second] = path;
  const column =
    first === 'customFields'
      ? CLIENT_CSV_COLUMNS.find((c) => c.custom === second)
      : CLIENT_CSV_COLUMNS.find((c) => c.key === first);
  if (column) return column.header;
  return path.map(String).join('.') || 'Linha';
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => csvMessages.fieldError(columnLabel(issue.path), issue.message))
    .join('; ');
}

/** One CSV record → the input of clientCreateSchema, or the reason it cannot be read. */
function rowToInput(
  columns: Array<ClientCsvColumn | undefined>,
  cells: string[],
): Record<string, unknown> | string {
  const input: Record<string, unknown> = {};
  const customFields: Record<string, unknown> = {};
  let other: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i];
    const cell = unprotectCsvCell((cells[i] ?? '').trim()).trim();
    if (!column || cell === '') continue;
    if (column.custom) {
      if (column.numeric) {
        const n = parseCsvNumber(cell);
        if (n === undefined) return csvMessages.invalidNumber(column.header);
        customFields[column.custom] = n;
      } else customFields[column.custom] = cell;
      continue;
    }
    if (!column.imported || !column.key) continue; // id, agent and dates are set by the server
    switch (column.kind) {
      case 'clientType':
        input[column.key] = TYPE_ALIASES.get(normalizeForSearch(cell)) ?? cell;
        break;
      case 'rating':
        input[column.key] = parseCsvNumber(cell) ?? cell;
        break;
      case 'date':
        input[column.key] = parseCsvDate(cell);
        break;
      case 'tags': {
        const seen = new Set<string>();
        input[column.key] = cell
          .split(',')
          .map((t) => t.trim())
          .filter((t) => t !== '' && !seen.has(tagNameKey(t)) && seen.add(tagNameKey(t)));
        break;
      }
      case 'customFields': {
        let parsed: unknown;
        try {
          parsed = JSON.parse(cell);
        } catch {
          return csvMessages.invalidOtherFields;
        }
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
          return csvMessages.invalidOtherFields;
        other = parsed as Record<string, unknown>;
        break;
      }
      default: // text, multiline, email, phone: the cell as it is
        input[column.key] = cell;
    }
  }
  input.customFields = { ...other, ...customFields };
  return input;
}

/**
 * Reads the CSV text: one validated client per good record, one {line, message} per bad one. A whole
 * file is refused (one error, no rows) when its text is damaged, when no header cell names a known
 * column, or when there is no Nome column.
 */
export function parseClientsCsv(csvData: string): ParsedClientsCsv {
  return readCsvRecords<ClientCsvColumn, { client: ClientCreate }>(csvData, {
    columnFor: csvColumnForHeader,
    headerProblem: (columns) =>
      columns.some((c) => c?.key === 'name') ? null : csvMessages.missingNameColumn,
    record: (columns, cells) => {
      const input = rowToInput(columns, cells);
      if (typeof input === 'string') return input;
      const parsed = clientCreateSchema.safeParse(input);
      return parsed.success ? { client: parsed.data } : describeIssues(parsed.error);
    },
  });
}

// The property CSV's reading, from the same entry point (kept out of every screen's bundle).
export * from './property-parse';
