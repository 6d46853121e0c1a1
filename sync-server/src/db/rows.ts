import { TABLES, TIMESTAMP_COLUMNS, type TableName, type TableSpec } from './tables';

type Row = Record<string, unknown>;

/** Server time as ISO-8601 UTC with milliseconds: the only timestamp format written to the database. */
export function nowIso(date: Date = new Date()): string {
  return date.toISOString();
}

export function snakeToCamel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function camelToSnake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Date (pg), epoch ms (a Date bound on SQLite) or text → ISO string; null stays null. */
export function toIso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return new Date(value).toISOString();
  const text = String(value);
  // SQLite CURRENT_TIMESTAMP style 'YYYY-MM-DD HH:MM:SS' is UTC without a zone marker.
  const normalised =
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(text) && !/[zZ]|[+-]\d{2}:?\d{2}$/.test(text)
      ? `${text.replace(' ', 'T')}Z`
      : text;
  const date = new Date(normalised);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

/** pg int8/count results arrive as strings; numbers pass through. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return 0;
}

export function toDecimalString(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return toNumber(value).toFixed(2);
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function isTimestamp(spec: TableSpec, column: string): boolean {
  if (spec.integers?.includes(column)) return false;
  return column.endsWith('_at') || TIMESTAMP_COLUMNS.has(column);
}

function convertValue(spec: TableSpec, column: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (spec.booleans?.includes(column)) return value === true || value === 1 || value === '1' || value === 't';
  if (spec.json?.includes(column)) return parseJson(value);
  if (spec.decimals?.includes(column)) return toDecimalString(value);
  if (spec.integers?.includes(column)) return toNumber(value);
  if (isTimestamp(spec, column)) return toIso(value);
  return value;
}

/** A database row of `table` → the camelCase wire shape. Unknown columns (joins, counts) pass through renamed. */
export function fromDbRow<T = Row>(table: TableName, row: Row): T {
  const spec: TableSpec = TABLES[table];
  const out: Row = {};
  for (const [column, value] of Object.entries(row)) {
    out[snakeToCamel(column)] = convertValue(spec, column, value);
  }
  return out as T;
}

export function fromDbRows<T = Row>(table: TableName, rows: readonly Row[]): T[] {
  return rows.map((row) => fromDbRow<T>(table, row));
}

/**
 * A camelCase object → a row ready for knex insert/update: snake_case keys, JSON columns stringified
 * (knex would turn a JS array into a Postgres array literal), Dates as ISO text, undefined dropped.
 */
export function toDbRow(table: TableName, data: Row): Row {
  const spec: TableSpec = TABLES[table];
  const out: Row = {};
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) continue;
    const column = camelToSnake(key);
    if (spec.json?.includes(column)) out[column] = value === null ? null : JSON.stringify(value);
    else if (value instanceof Date) out[column] = value.toISOString();
    else out[column] = value;
  }
  return out;
}
