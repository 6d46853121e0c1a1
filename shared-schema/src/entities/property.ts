import { z } from 'zod';
import {
  DEFAULT_PROPERTY_STATUS,
  energyClassSchema,
  propertyBusinessSchema,
  propertyConditionSchema,
  propertyFeatureSchema,
  propertyStatusSchema,
  propertyTypeSchema,
  propertyTypologySchema,
} from '../enums';
import { canonicalConcelho, canonicalDistrito, distritoOf, isConcelhoOf } from '../geo/concelhos';
import { validationMessages as m } from '../messages';
import {
  blankToNull,
  dateOnlySchema,
  optionalText,
  safeString,
  syncColumns,
  uuidSchema,
} from '../primitives';

/**
 * A property (Imóvel) of the organization's inventory (docs/data-model.md "properties"). Money in integer
 * cents (a monthly rent for Arrendamento); areas in m²; the address's concelho comes from the list in
 * geo/concelhos.ts, the freguesia is free text. Photos are a later step (no column here yet).
 */
export const propertySchema = z.object({
  ...syncColumns,
  reference: z.string(),
  title: z.string(),
  business: propertyBusinessSchema,
  propertyType: propertyTypeSchema,
  typology: propertyTypologySchema.nullable(),
  bedrooms: z.number().int().nullable(),
  bathrooms: z.number().int().nullable(),
  usableArea: z.number().nullable(),
  grossArea: z.number().nullable(),
  landArea: z.number().nullable(),
  priceCents: z.number().int().nullable(),
  condition: propertyConditionSchema.nullable(),
  energyClass: energyClassSchema.nullable(),
  yearBuilt: z.number().int().nullable(),
  features: z.array(propertyFeatureSchema),
  distrito: z.string().nullable(),
  concelho: z.string().nullable(),
  freguesia: z.string().nullable(),
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  status: propertyStatusSchema,
  ownerClientId: uuidSchema.nullable(),
  agentId: uuidSchema.nullable(),
  mediationExclusive: z.boolean(),
  mediationStart: dateOnlySchema.nullable(),
  mediationEnd: dateOnlySchema.nullable(),
  commissionPercent: z.number().nullable(),
  notes: z.string().nullable(),
  createdBy: uuidSchema.nullable(),
});
export type Property = z.infer<typeof propertySchema>;

/** The prefix and width of generated references: CASA-000123 (docs/decisions.md). */
export const PROPERTY_REFERENCE_PREFIX = 'CASA-';
const GENERATED_REFERENCE = /^CASA-(\d{1,12})$/i;

/**
 * The next generated reference after `references` (the organization's live properties): one more than
 * the highest CASA-number in use, six digits at least. Run by the shared mutator on the device (a
 * provisional value) and again on the server, whose value is the one that stays (docs/decisions.md).
 */
export function nextPropertyReference(references: Iterable<unknown>): string {
  let max = 0;
  for (const reference of references) {
    const match = typeof reference === 'string' ? GENERATED_REFERENCE.exec(reference) : null;
    if (match) max = Math.max(max, Number(match[1]));
  }
  return `${PROPERTY_REFERENCE_PREFIX}${String(max + 1).padStart(6, '0')}`;
}

/** References compare without case or surrounding blanks ('casa-000001' is taken by 'CASA-000001'). */
export const sameReference = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' && a.trim().toUpperCase() === b.trim().toUpperCase();

/** A number typed in a form or a CSV cell: '85,5' and '85.5' are 85.5; blank is absent. */
const numberInput = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim().replace(/\s/g, '').replace(',', '.');
  return trimmed === '' ? null : /^-?\d+(?:\.\d+)?$/.test(trimmed) ? Number(trimmed) : value;
};

const hasAtMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

const count = (max: number) =>
  blankToNull(
    z.preprocess(
      numberInput,
      z
        .number({ error: m.invalidInteger })
        .int({ error: m.invalidInteger })
        .min(0, { error: m.nonNegative })
        .max(max, { error: m.invalidValue }),
    ),
  );

/** m², at most two decimals, more than zero, at most 100 km² (a large quinta). */
const area = blankToNull(
  z.preprocess(
    numberInput,
    z
      .number({ error: m.invalidArea })
      .positive({ error: m.invalidArea })
      .max(100_000_000, { error: m.invalidArea })
      .refine(hasAtMostTwoDecimals, { error: m.invalidArea }),
  ),
);

/** Integer cents, at most € 10 000 000 000. */
const cents = blankToNull(
  z.preprocess(
    numberInput,
    z
      .number({ error: m.invalidAmount })
      .int({ error: m.invalidAmount })
      .min(0, { error: m.nonNegative })
      .max(1e12, { error: m.invalidAmount }),
  ),
);

const percent = blankToNull(
  z.preprocess(
    numberInput,
    z
      .number({ error: m.invalidPercent })
      .min(0, { error: m.invalidPercent })
      .max(100, { error: m.invalidPercent })
      .refine(hasAtMostTwoDecimals, { error: m.invalidPercent }),
  ),
);

const year = blankToNull(
  z.preprocess(
    numberInput,
    z
      .number({ error: m.invalidYear })
      .int({ error: m.invalidYear })
      .min(1000, { error: m.invalidYear })
      .max(2100, { error: m.invalidYear }),
  ),
);

/** NNNN-NNN (CTT), e.g. 1100-148. */
export const postalCodeSchema = z
  .string({ error: m.invalidPostalCode })
  .trim()
  .regex(/^\d{4}-\d{3}$/, { error: m.invalidPostalCode });

/** A concelho of the list, stored with the list's spelling (geo/concelhos.ts). */
export const concelhoSchema = z.string({ error: m.unknownConcelho }).transform((v, ctx) => {
  const name = canonicalConcelho(v);
  if (name) return name;
  ctx.addIssue({ code: 'custom', message: m.unknownConcelho });
  return z.NEVER;
});

/** A distrito or região autónoma of the list, stored with the list's spelling. */
export const distritoSchema = z.string({ error: m.unknownDistrito }).transform((v, ctx) => {
  const name = canonicalDistrito(v);
  if (name) return name;
  ctx.addIssue({ code: 'custom', message: m.unknownDistrito });
  return z.NEVER;
});

const features = z
  .array(propertyFeatureSchema, { error: m.invalidOption })
  .max(50, { error: m.invalidData })
  .transform((list) => [...new Set(list)]);

const propertyFields = {
  reference: blankToNull(
    safeString({ error: m.invalidReference })
      .trim()
      .max(30, { error: m.textTooLong })
      .regex(/^[\p{L}\p{N}][\p{L}\p{N} ./_-]*$/u, { error: m.invalidReference }),
  ),
  title: safeString({ error: m.propertyTitleRequired })
    .trim()
    .min(1, { error: m.propertyTitleRequired })
    .max(200, { error: m.textTooLong }),
  business: z.enum(propertyBusinessSchema.options, { error: m.propertyBusinessRequired }),
  propertyType: z.enum(propertyTypeSchema.options, { error: m.propertyTypeRequired }),
  typology: blankToNull(propertyTypologySchema),
  bedrooms: count(100),
  bathrooms: count(100),
  usableArea: area,
  grossArea: area,
  landArea: area,
  priceCents: cents,
  condition: blankToNull(propertyConditionSchema),
  energyClass: blankToNull(energyClassSchema),
  yearBuilt: year,
  features,
  distrito: blankToNull(distritoSchema),
  concelho: blankToNull(concelhoSchema),
  freguesia: optionalText(100),
  street: optionalText(200),
  postalCode: blankToNull(postalCodeSchema),
  status: propertyStatusSchema,
  ownerClientId: uuidSchema.nullable(),
  agentId: uuidSchema.nullable(),
  mediationExclusive: z.boolean({ error: m.invalidValue }),
  mediationStart: blankToNull(dateOnlySchema),
  mediationEnd: blankToNull(dateOnlySchema),
  commissionPercent: percent,
  notes: optionalText(10_000, 'multiline'),
};

type AddressAndContract = {
  distrito?: string | null;
  concelho?: string | null;
  mediationStart?: string | null;
  mediationEnd?: string | null;
};

/**
 * Rules across fields, on a create and on an update merged with the stored row: the concelho lies in the
 * distrito, the contract ends after it starts. Issues under the field a person corrects.
 */
export function propertyCrossFieldIssues(v: AddressAndContract): Record<string, string> {
  const issues: Record<string, string> = {};
  if (v.concelho && v.distrito && !isConcelhoOf(v.concelho, v.distrito))
    issues.concelho = m.concelhoNotInDistrito;
  if (v.mediationStart && v.mediationEnd && v.mediationEnd < v.mediationStart)
    issues.mediationEnd = m.endBeforeStart;
  return issues;
}

function checkCrossFields(v: AddressAndContract, ctx: z.RefinementCtx) {
  for (const [path, message] of Object.entries(propertyCrossFieldIssues(v)))
    ctx.addIssue({ code: 'custom', path: [path], message });
}

/**
 * POST /api/properties and 'createProperty'. No reference: one is generated (CASA-000123). No distrito:
 * the concelho's. Organization, createdBy and timestamps are server-set; agentId defaults to the author.
 */
export const propertyCreateSchema = z
  .object({
    id: uuidSchema.optional(),
    ...propertyFields,
    features: features.default([]),
    status: propertyFields.status.default(DEFAULT_PROPERTY_STATUS),
    ownerClientId: propertyFields.ownerClientId.optional(),
    agentId: propertyFields.agentId.optional(),
    mediationExclusive: propertyFields.mediationExclusive.default(false),
  })
  .superRefine(checkCrossFields)
  .transform((v) => (v.concelho && !v.distrito ? { ...v, distrito: distritoOf(v.concelho) ?? null } : v));
export type PropertyCreate = z.infer<typeof propertyCreateSchema>;
export type PropertyCreateInput = z.input<typeof propertyCreateSchema>;

/**
 * PUT /api/properties/{id} and 'updateProperty': only the fields sent change; the cross-field rules are
 * checked by the mutator against the merged row. A blank reference keeps the stored one.
 */
export const propertyUpdateSchema = z.object(propertyFields).partial();
export type PropertyUpdate = z.infer<typeof propertyUpdateSchema>;

/** Price per m² in cents (usable area, else gross), or null when either is missing. */
export function pricePerSquareMetreCents(p: {
  priceCents: number | null;
  usableArea: number | null;
  grossArea: number | null;
}): number | null {
  const area = p.usableArea ?? p.grossArea;
  if (p.priceCents == null || !area) return null;
  return Math.round(p.priceCents / area);
}
