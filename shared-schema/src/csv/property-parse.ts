import Papa from 'papaparse';
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
import { csvTextProblem } from './decode';
import { detectCsvDelimiter } from './parse';

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

function refused(line: number, message: string, delimiter: string): ParsedPropertiesCsv {
  return { rows: [], errors: [{ line, message }], ignoredColumns: [], columns: [], delimiter };
}

/**
 * Reads the CSV text: one validated property per good record, one {line, message} per bad one. A whole
 * file is refused when its text is damaged, when no header cell names a known column, or when it lacks
 * the Título, Negócio or Tipo de Imóvel column.
 */
export function parsePropertiesCsv(csvData: string): ParsedPropertiesCsv {
  const text = csvData.replace(/^\uFEFF/, '');
  const delimiter = detectCsvDelimiter(text);
  if (text.trim() === '') return refused(1, csvMessages.emptyFile, delimiter);
  const problem = csvTextProblem(text);
  if (problem) return refused(1, problem, delimiter);

  const rows: ParsedPropertyRow[] = [];
  const errors: ParsedPropertiesCsv['errors'] = [];
  let header: string[] | null = null;
  let columns: Array<PropertyCsvColumn | undefined> = [];
  let fatal: { line: number; message: string } | null = null;
  let lineOfNext = 1;
  let consumed = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    step: (result, parser) => {
      const line = lineOfNext;
      const cursor = result.meta.cursor;
      for (let i = consumed; i < cursor; i++) if (text.charCodeAt(i) === 10) lineOfNext++;
      consumed = cursor;
      const cells = result.data;
      if (cells.every((c) => c.trim() === '')) return;
      if (!header) {
        header = cells.map((h) => h.trim());
        columns = header.map((h) => propertyCsvColumnForHeader(h));
        if (!columns.some(Boolean))
          fatal = { line, message: csvMessages.noKnownColumns(header.filter(Boolean)) };
        else {
          const missing = (['title', 'business', 'propertyType'] as const)
            .filter((key) => !columns.some((c) => c?.key === key))
            .map((key) => PROPERTY_CSV_COLUMNS.find((c) => c.key === key)!.header);
          if (missing.length) fatal = { line, message: csvMessages.missingColumns(missing) };
        }
        if (fatal) parser.abort();
        return;
      }
      if (result.errors.length > 0) {
        errors.push({ line, message: csvMessages.malformedRow(result.errors[0]!.message) });
        return;
      }
      const read = rowToInput(columns, cells);
      if (typeof read === 'string') {
        errors.push({ line, message: read });
        return;
      }
      const parsed = propertyCreateSchema.safeParse(read.input);
      if (!parsed.success) errors.push({ line, message: describeIssues(parsed.error) });
      else rows.push({ line, property: parsed.data, ownerName: read.ownerName });
    },
  });
  if (fatal) {
    const { line, message } = fatal as { line: number; message: string };
    return refused(line, message, delimiter);
  }
  if (!header) return refused(1, csvMessages.emptyFile, delimiter);
  const names = header as string[];
  return {
    rows,
    errors,
    ignoredColumns: names.filter((h, i) => h !== '' && !columns[i]),
    columns: columns.filter((c): c is PropertyCsvColumn => !!c),
    delimiter,
  };
}
