import { z } from 'zod';
import {
  clientTypeSchema,
  investmentTypeSchema,
  propertyTypeSchema,
  saleReasonSchema,
  typologySchema,
  urgencySchema,
  type ClientType,
} from '../enums';
import { validationMessages as m } from '../messages';
import {
  blankToNull,
  boundedJsonRecord,
  centsAmountSchema,
  dateOnlySchema,
  emailSchema,
  isoDateTimeSchema,
  optionalText,
  safeString,
  syncColumns,
  uuidSchema,
} from '../primitives';

/** Toast shown when the client form fails validation (docs/product.md#clients). */
export const CLIENT_FORM_ERROR = {
  title: m.validationErrorTitle,
  description: m.checkRequiredFields,
} as const;

const text = optionalText;

// Custom fields are loose objects: known keys are checked, unknown keys (imports, old data) are kept.
export const compradorFieldsSchema = z
  .looseObject({
    budget: blankToNull(centsAmountSchema),
    typology: blankToNull(typologySchema),
    zone: text(),
    urgency: blankToNull(urgencySchema),
  })
  .superRefine((v, ctx) => {
    if (v.budget == null) ctx.addIssue({ code: 'custom', path: ['budget'], message: m.budgetRequired });
  });
export const vendedorFieldsSchema = z.looseObject({
  propertyType: blankToNull(propertyTypeSchema),
  propertyValue: blankToNull(centsAmountSchema),
  location: text(),
  saleReason: blankToNull(saleReasonSchema),
});
export const investidorFieldsSchema = z.looseObject({
  investmentType: blankToNull(investmentTypeSchema),
  budgetRange: text(),
  preferredZones: text(500, 'multiline'),
  expectedReturn: blankToNull(
    z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.replace(',', '.')) : v),
      z
        .number({ error: m.invalidValue })
        .min(-100, { error: m.invalidValue })
        .max(1000, { error: m.invalidValue }),
    ),
  ),
  investmentBudget: blankToNull(centsAmountSchema),
  zone: text(),
});

export const CUSTOM_FIELDS_BY_TYPE = {
  Comprador: compradorFieldsSchema,
  Vendedor: vendedorFieldsSchema,
  Investidor: investidorFieldsSchema,
} as const satisfies Record<ClientType, z.ZodType>;

export type CompradorFields = z.infer<typeof compradorFieldsSchema>;
export type VendedorFields = z.infer<typeof vendedorFieldsSchema>;
export type InvestidorFields = z.infer<typeof investidorFieldsSchema>;
export type ClientCustomFields = Record<string, unknown>;

/**
 * Bounded (JSON_FIELD_LIMITS: depth 5, 200 keys, 16 KiB) on the device and the server alike: unknown keys
 * are kept (imports, old data) but can no longer hold a document big enough to stall an export.
 */
const customFieldsRecord = boundedJsonRecord();

export const clientSchema = z.object({
  ...syncColumns,
  agentId: uuidSchema.nullable(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  type: clientTypeSchema,
  rating: z.number().int().min(0).max(5),
  birthday: dateOnlySchema.nullable(),
  notes: z.string().nullable(),
  tags: z.array(z.string()),
  customFields: z.record(z.string(), z.unknown()), // as stored: rows written before the bounds may exceed them
  createdBy: uuidSchema.nullable(),
});
export type Client = z.infer<typeof clientSchema>;

const clientFields = {
  name: safeString({ error: m.clientNameRequired })
    .trim()
    .min(1, { error: m.clientNameRequired })
    .max(200, { error: m.textTooLong }),
  email: blankToNull(emailSchema),
  phone: text(40),
  type: clientTypeSchema,
  rating: z
    .number({ error: m.ratingRange })
    .int({ error: m.ratingRange })
    .min(0, { error: m.ratingRange })
    .max(5, { error: m.ratingRange }),
  birthday: blankToNull(dateOnlySchema),
  notes: text(10_000, 'multiline'),
  tags: z
    .array(safeString().trim().min(1, { error: m.tagNameRequired }).max(50, { error: m.textTooLong }))
    .max(100, { error: m.invalidData }),
  customFields: customFieldsRecord,
  agentId: uuidSchema.nullable(),
};

/** Checks `fields` against the rules of the client type; issues are reported under customFields. */
export function checkClientCustomFields(
  type: ClientType,
  fields: unknown,
  ctx: z.RefinementCtx,
): Record<string, unknown> | undefined {
  const result = CUSTOM_FIELDS_BY_TYPE[type].safeParse(fields ?? {});
  if (result.success) return result.data as Record<string, unknown>;
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: 'custom', path: ['customFields', ...issue.path], message: issue.message });
  }
  return undefined;
}

/** Same check outside a schema, e.g. after merging a patch with the stored row. */
export function parseClientCustomFields(type: ClientType, fields: unknown) {
  return CUSTOM_FIELDS_BY_TYPE[type].safeParse(fields ?? {});
}

/** POST /api/clients and 'client.create'. Organization, createdBy and timestamps are server-set. */
export const clientCreateSchema = z
  .object({
    id: uuidSchema.optional(),
    ...clientFields,
    rating: clientFields.rating.default(0),
    tags: clientFields.tags.default([]),
    customFields: customFieldsRecord.default({}),
    agentId: clientFields.agentId.optional(),
  })
  .transform((v, ctx) => {
    const customFields = checkClientCustomFields(v.type, v.customFields, ctx);
    return customFields ? { ...v, customFields } : z.NEVER;
  });
export type ClientCreate = z.infer<typeof clientCreateSchema>;
export type ClientCreateInput = z.input<typeof clientCreateSchema>;

/**
 * PUT /api/clients/{id} and 'client.update'. When type and customFields come together they are
 * checked here; otherwise the domain merges with the stored row and calls parseClientCustomFields.
 */
export const clientUpdateSchema = z
  .object(clientFields)
  .partial()
  .transform((v, ctx) => {
    if (!v.type || v.customFields === undefined) return v;
    const customFields = checkClientCustomFields(v.type, v.customFields, ctx);
    return customFields ? { ...v, customFields } : z.NEVER;
  });
export type ClientUpdate = z.infer<typeof clientUpdateSchema>;

/** GET /api/clients-with-interactions (dashboard). */
export const clientWithInteractionsSchema = clientSchema.extend({
  daysSinceLastContact: z.number().int().nullable(),
  lastInteraction: z.object({ type: z.string(), result: z.string().nullable() }).nullable(),
  lastContactDate: isoDateTimeSchema.nullable().optional(),
});
export type ClientWithInteractions = z.infer<typeof clientWithInteractionsSchema>;
