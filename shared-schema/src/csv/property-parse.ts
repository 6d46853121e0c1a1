import type { z } from 'zod';
import {
  PROPERTY_CSV_COLUMNS,
  propertyCsvColumnForHeader,
  type PropertyCsvColumn,
} from '../api/property-csv';
import { propertyCreateSchema, type PropertyCreate } from '../entities/property';
import { csvMessages } from '../messages';
import { normalizeForSearch } from '../text/normalize';
import { parseCsvDate, parseCsvNumber, unprotectCsvCell } from './cells';
import { readCsvRecords } from './records';

/**
 * The one reading of a property CSV (the device's preview and the server's import). The owner is named
 * (`ownerName`): the server finds the organization's Vendedor client of that name.
 */
export type ParsedPropertyRow = { line: number; property: PropertyCreate; ownerName: string | null };
export type ParsedPropertiesCsv = {
  rows: ParsedPropertyRow[];
  errors: Array<{ line: number; message: string }>;
  ignoredColumns: string[];
  columns: PropertyCsvColumn[];
  delimiter: string;
};

const YES = new Set(['sim', 's', 'true', '1', 'yes', 'y', 'x']);
const NO = new Set(['nao', 'n', 'false', '0', 'no']);

function columnLabel(path: readonly PropertyKey[]): string {
  return (
    PROPERTY_CSV_COLUMNS.find((c) => c.key === path[0])?.header ?? (path.map(String).join('.') || 'Linha')
  );
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => csvMessages.fieldError(columnLabel(i.path), i.message)).join('; ');
}

/** An option written in any case or without accents → the option itself; unknown stays as typed. */
function optionOf(column: PropertyCsvColumn, cell: string): string {
  const key = normalizeForSearch(cell);
  return column.options?.find((o) => normalizeForSearch(o) === key) ?? cell;
}

function rowToInput(
  columns: Array<PropertyCsvColumn | undefined>,
  cells: string[],
): { input: Record<string, unknown>; ownerName: string | null } | string {
  const input: Record<string, unknown> = {};
  let ownerName: string | null = null;
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i];
    const cell = unprotectCsvCell((cells[i] ?? '').trim()).trim();
    if (!column || !column.imported || cell === '') continue;
    switch (column.kind) {
      case 'select':
        input[column.key] = optionOf(column, cell);
        break;
      case 'multiselect':
        input[column.key] = [
          ...new Set(
            cell
              .split(/[,;|]/)
              .map((v) => v.trim())
              .filter(Boolean)
              .map((v) => optionOf(column, v)),
          ),
        ];
        break;
      case 'integer':
      case 'decimal':
      case 'percent': {
        const n = parseCsvNumber(cell);
        if (n === undefined) return csvMessages.invalidNumber(column.header);
        input[column.key] = n;
        break;
      }
      case 'cents': {
        // Euros in the file, cents in the row.
        const n = parseCsvNumber(cell);
        if (n === undefined) return csvMessages.invalidNumber(column.header);
        input[column.key] = Math.round(n * 100);
        break;
      }
      case 'boolean': {
        const key = normalizeForSearch(cell);
        if (YES.has(key)) input[column.key] = true;
        else if (NO.has(key)) input[column.key] = false;
        else return csvMessages.invalidYesNo(column.header);
        break;
      }
      case 'date':
        input[column.key] = parseCsvDate(cell);
        break;
      case 'client':
        ownerName = cell;
        break;
      default: // text, multiline
        input[column.key] = cell;
    }
  }
  return { input, ownerName };
}

/**
 * Reads the CSV text: one validated property per good record, one {line, message} per bad one. A whole
 * file is refused when its text is damaged, when no header cell names a known column, or when it lacks
 * the Título, Negócio or Tipo de Imóvel column.
 */
export function parsePropertiesCsv(csvData: string): ParsedPropertiesCsv {
  return readCsvRecords<PropertyCsvColumn, { property: PropertyCreate; ownerName: string | null }>(csvData, {
    columnFor: propertyCsvColumnForHeader,
    headerProblem: (columns) => {
      const missing = (['title', 'business', 'propertyType'] as const)
        .filter((key) => !columns.some((c) => c?.key === key))
        .map((key) => PROPERTY_CSV_COLUMNS.find((c) => c.key === key)!.header);
      return missing.length ? csvMessages.missingColumns(missing) : null;
    },
    record: (columns, cells) => {
      const read = rowToInput(columns, cells);
      if (typeof read === 'string') return read;
      const parsed = propertyCreateSchema.safeParse(read.input);
      return parsed.success
        ? { property: parsed.data, ownerName: read.ownerName }
        : describeIssues(parsed.error);
    },
  });
}
