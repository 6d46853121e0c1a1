import { z } from 'zod';
import {
  isSafeMultilineText,
  isSafeSingleLineText,
  JSON_FIELD_LIMITS,
  jsonFieldProblem,
  type JsonLimits,
  type JsonProblem,
} from './bounded-input';
import { validationMessages as m } from './messages';

export * from './bounded-input';

type StringParams = Parameters<typeof z.string>[0];

/**
 * One-line text (names, titles, phones, zones): refuses U+0000, every other control character (tab and
 * line breaks too, once trimmed) and lone surrogates, with a field message. Refused rather than stripped
 * so the device and the server store exactly what the user saw (docs/decisions.md, 2026-11-25).
 */
export const safeString = (params?: StringParams) =>
  z.string(params).refine(isSafeSingleLineText, { error: m.invalidCharacters, abort: true });

/** Multi-line text (notes, descriptions, comments): as safeString, but tab, LF and CR are allowed. */
export const safeMultilineString = (params?: StringParams) =>
  z.string(params).refine(isSafeMultilineText, { error: m.invalidCharacters, abort: true });

const JSON_PROBLEM_MESSAGE: Record<JsonProblem, string> = {
  depth: m.jsonTooDeep,
  keys: m.jsonTooManyKeys,
  size: m.jsonTooLarge,
  characters: m.invalidCharacters,
  type: m.invalidData,
};

/**
 * An open JSON object (a client's custom fields, an organization's settings, a package's limitations):
 * bounded in depth, keys and serialized size (JSON_FIELD_LIMITS unless tighter `limits` are given), with
 * safe text in its keys and strings. The bounds are checked before anything else reads the value.
 */
export const boundedJsonRecord = (limits: JsonLimits = JSON_FIELD_LIMITS) =>
  z.record(z.string(), z.unknown(), { error: m.invalidData }).check((ctx) => {
    const problem = jsonFieldProblem(ctx.value, limits);
    if (problem)
      ctx.issues.push({ code: 'custom', message: JSON_PROBLEM_MESSAGE[problem], input: ctx.value });
  });

/** A nested object of a few plain values (a settings section, a device's info): depth 1, 50 keys, 8 KiB. */
export const FLAT_JSON_LIMITS = {
  maxDepth: 1,
  maxKeys: 50,
  maxBytes: 8 * 1024,
} as const satisfies JsonLimits;

/**
 * A structured JSON field (campaign filters, registration settings): `schema` applies only to a value
 * within `limits`, so an unknown key nested 4,000 deep is refused rather than silently parsed and dropped.
 */
export const boundedJson = <T extends z.ZodType>(schema: T, limits: JsonLimits = JSON_FIELD_LIMITS) =>
  z.preprocess((value, ctx) => {
    // Absent: the inner schema decides (optional, default).
    const problem = value === undefined ? null : jsonFieldProblem(value, limits);
    if (problem) ctx.addIssue({ code: 'custom', message: JSON_PROBLEM_MESSAGE[problem], input: value });
    return value;
  }, schema);

/**
 * Any 8-4-4-4-12 hex id. Deliberately z.guid() rather than z.uuid(): fixed seed ids such as
 * 00000000-0000-0000-0000-000000000001 must pass, and devices may generate v4 or v7.
 */
export const uuidSchema = z.guid({ error: m.invalidId });

/** ISO-8601 instant with offset or Z, normalised to UTC with milliseconds (the stored form). */
export const isoDateTimeSchema = z
  .string({ error: m.invalidDateTime })
  .pipe(z.iso.datetime({ offset: true, error: m.invalidDateTime }))
  .transform((s) => new Date(s).toISOString());

export const emailSchema = z
  .string({ error: m.invalidEmail })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: m.invalidEmail }).max(254, { error: m.invalidEmail }));

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isRealDate(value: string): boolean {
  const match = DATE_ONLY.exec(value);
  if (!match) return false;
  const [y, mo, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Calendar date 'YYYY-MM-DD' that exists (no 2026-02-30). */
export const dateOnlySchema = z.string({ error: m.invalidDate }).refine(isRealDate, { error: m.invalidDate });

/** 'HH:MM', 24-hour. */
export const hhmmSchema = z
  .string({ error: m.invalidTime })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: m.invalidTime });

/** At most two decimals as written, or within float noise of a whole cent (0.1 + 0.2). */
function isWholeCents(n: number): boolean {
  if (!Number.isFinite(n)) return false;
  const written = String(Math.abs(n));
  if (!written.includes('e') && (written.split('.')[1] ?? '').length <= 2) return true;
  return Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
}

const DECIMAL = /^\d{1,8}(?:[.,]\d{1,2})?$/;

function toDecimalString(value: unknown): unknown {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return value;
    // Only numbers that are whole cents up to float noise (199.5 and 0.1 + 0.2 yes, 199.555 no).
    return isWholeCents(value) && value < 1e8 ? value.toFixed(2) : value;
  }
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (!DECIMAL.test(trimmed)) return value;
  const [int = '0', frac = ''] = trimmed.replace(',', '.').split('.');
  return `${String(Number(int))}.${frac.padEnd(2, '0')}`;
}

/**
 * Money as a decimal(10,2) string, e.g. "199.00". Accepts "199", "199,5", "199.50" or a
 * number already in whole cents; output is always the 2-decimal string, never a float.
 */
export const decimalStringSchema = z.preprocess(
  toDecimalString,
  z.string({ error: m.invalidPrice }).regex(/^\d{1,8}\.\d{2}$/, { error: m.invalidPrice }),
);

function toCents(value: unknown): unknown {
  if (typeof value === 'string') {
    const trimmed = value.trim().replace(',', '.');
    if (trimmed === '' || !/^-?\d+(?:\.\d+)?$/.test(trimmed)) return value;
    return Number(trimmed);
  }
  return value;
}

/** A non-negative amount in euros restricted to whole cents (123.45 ok, 123.456 rejected). */
export const centsAmountSchema = z.preprocess(
  toCents,
  z
    .number({ error: m.invalidAmount })
    .refine((n) => Number.isFinite(n), { error: m.invalidAmount })
    .refine((n) => n >= 0, { error: m.nonNegative })
    .refine((n) => n <= 1e12 && isWholeCents(n), { error: m.invalidAmount })
    .transform((n) => Math.round(n * 100) / 100),
);

/** Optional free text: trims, and turns '' (or null) into null. */
export const nullableTextSchema = (max = 5000, kind: 'single' | 'multiline' = 'multiline') =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v),
    (kind === 'single' ? safeString : safeMultilineString)({ error: m.invalidValue })
      .max(max, { error: m.textTooLong })
      .nullable(),
  );

/** Optional form text (one-line by default): trimmed, '' becomes null, at most `max` characters. */
export const optionalText = (max = 200, kind: 'single' | 'multiline' = 'single') =>
  blankToNull(
    (kind === 'single' ? safeString : safeMultilineString)().trim().max(max, { error: m.textTooLong }),
  );

/** Hex colour '#rrggbb'. */
export const hexColorSchema = z
  .string({ error: m.invalidColor })
  .regex(/^#[0-9a-fA-F]{6}$/, { error: m.invalidColor })
  .transform((s) => s.toLowerCase());

/** Server-set columns shared by every replicated (syncable) table. */
export const syncColumns = {
  id: uuidSchema,
  organizationId: uuidSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  deletedAt: isoDateTimeSchema.nullable().optional(),
};

/** Optional form value: '' becomes null, then `schema` (or null) applies. Absent stays absent. */
export const blankToNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable()).optional();

/** Whole minutes, from a number or a numeric form string; '' becomes null. */
export const minutesSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v.trim())) : v),
  z
    .number({ error: m.invalidInteger })
    .int({ error: m.invalidInteger })
    .min(0, { error: m.nonNegative })
    .max(100_000, { error: m.invalidValue })
    .nullable(),
);
