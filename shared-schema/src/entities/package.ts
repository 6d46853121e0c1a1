import { z } from 'zod';
import {
  PACKAGE_AUDIENCE_LABELS,
  packageAudienceSchema,
  type OrganizationPlan,
  type PackageAudience,
} from '../enums';
import { validationMessages as m } from '../messages';
import {
  boundedJsonRecord,
  decimalStringSchema,
  isoDateTimeSchema,
  safeMultilineString,
  safeString,
  uuidSchema,
} from '../primitives';

export const packageSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  displayName: z.string(),
  description: z.string().nullable(),
  audience: packageAudienceSchema,
  price: decimalStringSchema,
  yearlyPrice: decimalStringSchema.nullable(),
  currency: z.string(),
  maxUsers: z.number().int().min(0),
  /** 0 means unlimited. */
  maxClients: z.number().int().min(0),
  features: z.array(z.string()),
  limitations: z.record(z.string(), z.unknown()),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Package = z.infer<typeof packageSchema>;

/**
 * A package's name with its audience, 'Profissional (Agência)' / 'Profissional (Individual)': the agency
 * and the individual catalogues share display names, so every list and picker shows both.
 */
export function packageLabel(pkg: { displayName: string; audience: PackageAudience }): string {
  return `${pkg.displayName} (${PACKAGE_AUDIENCE_LABELS[pkg.audience]})`;
}

const count = z
  .number({ error: m.invalidInteger })
  .int({ error: m.invalidInteger })
  .min(0, { error: m.nonNegative })
  .max(1_000_000, { error: m.invalidValue });

const packageFields = {
  name: safeString({ error: m.packageNameRequired })
    .trim()
    .min(1, { error: m.packageNameRequired })
    .max(100, { error: m.textTooLong }),
  displayName: safeString({ error: m.packageDisplayNameRequired })
    .trim()
    .min(1, { error: m.packageDisplayNameRequired })
    .max(200, { error: m.textTooLong }),
  description: safeMultilineString().trim().max(2000, { error: m.textTooLong }).nullable(),
  audience: packageAudienceSchema,
  price: decimalStringSchema,
  yearlyPrice: decimalStringSchema.nullable(),
  currency: z.string().trim().length(3, { error: m.invalidValue }).toUpperCase(),
  maxUsers: count,
  maxClients: count,
  features: z
    .array(safeString().trim().min(1).max(200, { error: m.textTooLong }), { error: m.invalidData })
    .max(100, { error: m.invalidData }),
  limitations: boundedJsonRecord(),
  isActive: z.boolean(),
  sortOrder: z.number({ error: m.invalidInteger }).int({ error: m.invalidInteger }),
};

/** POST /api/packages (docs/product.md#saas-admin package form; defaults of docs/product.md#saas-admin). */
export const packageCreateSchema = z.object({
  id: uuidSchema.optional(),
  ...packageFields,
  description: packageFields.description.optional(),
  audience: packageFields.audience.default('organization'),
  price: z
    .unknown()
    .refine((v) => v !== undefined && v !== '', { error: m.priceRequired })
    .pipe(decimalStringSchema),
  yearlyPrice: packageFields.yearlyPrice.optional(),
  currency: packageFields.currency.default('EUR'),
  maxUsers: count.default(5),
  maxClients: count.default(500),
  features: packageFields.features.default([]),
  limitations: packageFields.limitations.default({}),
  isActive: packageFields.isActive.default(true),
  sortOrder: packageFields.sortOrder.default(0),
});
export type PackageCreate = z.infer<typeof packageCreateSchema>;

export const packageUpdateSchema = z.object(packageFields).partial();
export type PackageUpdate = z.infer<typeof packageUpdateSchema>;

/** Revenue fallback per active organization without a package price (docs/product.md#saas-admin). */
export function planRevenueFallback(plan: OrganizationPlan | string): number {
  if (plan === 'starter') return 22;
  if (plan === 'professional') return 55;
  return 199;
}
