import { TABLES, TIMESTAMP_COLUMNS, type TableName, type TableSpec } from './tables';

type Row = Record<string, unknown>;

/** Server time as ISO-8601 UTC with milliseconds: the only timestamp format written to the database. */
export function nowIso(date: Date = new Date()): string {
  return date.toISOString();
}

/** Column names are a small, fixed set: memoize both conversions (bounded so arbitrary keys cannot grow them forever). */
const KEY_CACHE_LIMIT = 5000;
const snakeToCamelCache = new Map<string, string>();
const camelToSnakeCache = new Map<string, string>();

function memoized(cache: Map<string, string>, key: string, convert: (key: string) => string): string {
  let converted = cache.get(key);
  if (converted === undefined) {
    converted = convert(key);
    if (cache.size >= KEY_CACHE_LIMIT) cache.clear();
    cache.set(key, converted);
  }
  return converted;
}

export function snakeToCamel(key: string): string {
  return memoized(snakeToCamelCache, key, (k) =>
    k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()),
  );
}

export function camelToSnake(key: string): string {
  return memoized(camelToSnakeCache, key, (k) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
}

/** 'YYYY-MM-DDTHH:MM:SS.mmmZ' with every field in range: already what `Date#toISOString` would give back. */
const CANONICAL_ISO =
  /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

function isCanonicalIso(text: string): boolean {
  const m = CANONICAL_ISO.exec(text);
  if (!m) return false;
  const day = Number(m[3]);
  if (day <= 28) return true;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return day <= days; // else Date rolls it over (02-30 → 03-02): left to the slow path
}

/** Date (pg), epoch ms (a Date bound on SQLite) or text → ISO string; null stays null. */
export function toIso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return new Date(value).toISOString();
  const text = String(value);
  // What SQLite hands back for every timestamp we write: returned as is, without a Date parse and print
  // (~2 µs each, a few per row: a sizeable share of a 50-row page's CPU, issue 19).
  if (isCanonicalIso(text)) return text;
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

const Kind = { Plain: 0, Boolean: 1, Json: 2, Decimal: 3, Integer: 4, Timestamp: 5 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];

function kindOf(spec: TableSpec, column: string): Kind {
  if (spec.booleans?.includes(column)) return Kind.Boolean;
  if (spec.json?.includes(column)) return Kind.Json;
  if (spec.decimals?.includes(column)) return Kind.Decimal;
  if (spec.integers?.includes(column)) return Kind.Integer;
  if (isTimestamp(spec, column)) return Kind.Timestamp;
  return Kind.Plain;
}

type ColumnPlan = { readonly key: string; readonly kind: Kind };

/** Per table: column → (camelCase key, conversion), derived once instead of per row. Bounded like the key caches. */
const columnPlans = new Map<TableName, Map<string, ColumnPlan>>();

function columnPlan(table: TableName, column: string): ColumnPlan {
  let plans = columnPlans.get(table);
  if (plans === undefined) {
    plans = new Map();
    columnPlans.set(table, plans);
  }
  let plan = plans.get(column);
  if (plan === undefined) {
    plan = { key: snakeToCamel(column), kind: kindOf(TABLES[table], column) };
    if (plans.size >= KEY_CACHE_LIMIT) plans.clear();
    plans.set(column, plan);
  }
  return plan;
}

function convertValue(kind: Kind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case Kind.Boolean:
      return value === true || value === 1 || value === '1' || value === 't';
    case Kind.Json:
      return parseJson(value);
    case Kind.Decimal:
      return toDecimalString(value);
    case Kind.Integer:
      return toNumber(value);
    case Kind.Timestamp:
      return toIso(value);
    default:
      return value;
  }
}

/** A database row of `table` → the camelCase wire shape. Unknown columns (joins, counts) pass through renamed. */
export function fromDbRow<T = Row>(table: TableName, row: Row): T {
  const out: Row = {};
  for (const column in row) {
    if (!Object.prototype.hasOwnProperty.call(row, column)) continue;
    const plan = columnPlan(table, column);
    out[plan.key] = convertValue(plan.kind, row[column]);
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
