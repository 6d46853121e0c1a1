import { z } from 'zod';
import {
  PACKAGE_AUDIENCE_LABELS,
  packageAudienceSchema,
  type OrganizationPlan,
  type PackageAudience,
  type PlanId,
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

type CatalogEntry = {
  name: PlanId;
  audience: 'organization' | 'individual';
  displayName: string;
  price: string;
  yearlyPrice: string;
  maxUsers: number;
  maxClients: number;
  recommended: boolean;
};

/** Public pricing (docs/product.md#saas-admin). A client limit docs/product.md#sign-up does not give is 0 (unlimited). */
export const PLAN_CATALOG: readonly CatalogEntry[] = [
  {
    name: 'org-starter',
    audience: 'organization',
    displayName: 'Iniciante',
    price: '99.00',
    yearlyPrice: '999.00',
    maxUsers: 5,
    maxClients: 0,
    recommended: false,
  },
  {
    name: 'org-professional',
    audience: 'organization',
    displayName: 'Profissional',
    price: '199.00',
    yearlyPrice: '1999.00',
    maxUsers: 15,
    maxClients: 0,
    recommended: true,
  },
  {
    name: 'org-enterprise',
    audience: 'organization',
    displayName: 'Empresarial',
    price: '399.00',
    yearlyPrice: '3999.00',
    maxUsers: 50,
    maxClients: 0,
    recommended: false,
  },
  {
    name: 'ind-basic',
    audience: 'individual',
    displayName: 'Básico',
    price: '29.00',
    yearlyPrice: '299.00',
    maxUsers: 1,
    maxClients: 100,
    recommended: false,
  },
  {
    name: 'ind-premium',
    audience: 'individual',
    displayName: 'Premium',
    price: '59.00',
    yearlyPrice: '599.00',
    maxUsers: 1,
    maxClients: 0,
    recommended: true,
  },
  {
    name: 'ind-pro',
    audience: 'individual',
    displayName: 'Profissional',
    price: '99.00',
    yearlyPrice: '999.00',
    maxUsers: 1,
    maxClients: 0,
    recommended: false,
  },
];

export const YEARLY_DISCOUNT_LABEL = '-20%';

function toCents(decimal: string): number {
  const [int = '0', frac = ''] = decimal.split('.');
  return Number(int) * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
}

/** Savings shown on yearly plans: 12 × monthly − yearly, computed in cents, as a decimal string. */
export function yearlySavings(monthly: string, yearly: string): string {
  const cents = 12 * toCents(monthly) - toCents(yearly);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Revenue fallback per active organization without a package price (docs/product.md#saas-admin). */
export function planRevenueFallback(plan: OrganizationPlan | string): number {
  if (plan === 'starter') return 22;
  if (plan === 'professional') return 55;
  return 199;
}
