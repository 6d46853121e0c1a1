import { z } from 'zod';
import { clientSchema } from '../entities/client';
import { CLIENT_TYPES } from '../enums';
import { validationMessages as m } from '../messages';
import { safeString } from '../primitives';

/** Default page of the advanced search (docs/product.md#search: 12 clients shown by default). */
export const SEARCH_DEFAULT_LIMIT = 12;
export const SEARCH_MAX_LIMIT = 100;

const queryBool = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : v),
  z.boolean({ error: m.invalidValue }),
);
const queryNumber = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.replace(',', '.'))) : v),
    z
      .number({ error: m.invalidValue })
      .refine(Number.isFinite, { error: m.invalidValue })
      .min(min, { error: m.invalidValue })
      .max(max, { error: m.invalidValue })
      .optional(),
  );
const queryInt = (min: number, max: number, def: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
    z
      .number({ error: m.invalidInteger })
      .int({ error: m.invalidInteger })
      .min(min, { error: m.invalidValue })
      .max(max, { error: m.invalidValue })
      .default(def),
  );
const queryText = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  safeString({ error: m.invalidValue }).max(200, { error: m.textTooLong }).optional(),
);

/**
 * GET /api/search/clients query (docs/product.md#search, advanced search). `q` matches name, email, phone
 * (also as digits), notes and tag names, accent- and case-insensitive; hasPhone/hasEmail=true keep only
 * clients with a non-empty value (false or absent: no filter); zone is a substring of customFields
 * zone/location/preferredZones; the budget range applies to budget, else propertyValue (numbers only).
 */
export const clientSearchQuerySchema = z.object({
  q: queryText,
  type: z.preprocess((v) => (v === '' || v === 'Todos' ? undefined : v), z.enum(CLIENT_TYPES).optional()),
  minRating: queryNumber(0, 5),
  hasPhone: queryBool.optional(),
  hasEmail: queryBool.optional(),
  zone: queryText,
  minBudget: queryNumber(0, 1e12),
  maxBudget: queryNumber(0, 1e12),
  limit: queryInt(1, SEARCH_MAX_LIMIT, SEARCH_DEFAULT_LIMIT),
  offset: queryInt(0, 10_000_000, 0),
});
export type ClientSearchQuery = z.infer<typeof clientSearchQuerySchema>;
export type ClientSearchQueryInput = z.input<typeof clientSearchQuerySchema>;

export const clientSearchResultSchema = z.object({
  clients: z.array(clientSchema),
  total: z.number().int().min(0),
});
export type ClientSearchResult = z.infer<typeof clientSearchResultSchema>;

/** POST /api/import/clients. */
export const clientImportSchema = z.object({
  csvData: z.string({ error: m.csvInvalid }).min(1, { error: m.csvInvalid }),
});
export type ClientImport = z.infer<typeof clientImportSchema>;

export const clientImportResultSchema = z.object({
  imported: z.number().int().min(0),
  errors: z.array(z.object({ line: z.number().int().min(1), message: z.string() })),
  /** Header cells that name no known column (their data was not imported); absent when there are none. */
  ignoredColumns: z.array(z.string()).optional(),
});
export type ClientImportResult = z.infer<typeof clientImportResultSchema>;
