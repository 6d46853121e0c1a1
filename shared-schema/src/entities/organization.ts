import { z } from 'zod';
import { organizationPlanSchema, organizationStatusSchema } from '../enums';
import { validationMessages as m } from '../messages';
import { boundedJsonRecord, emailSchema, isoDateTimeSchema, safeString, uuidSchema } from '../primitives';

export const DEFAULT_MAX_USERS = 5;
export const DEFAULT_MAX_CLIENTS = 500;
/** The table shows these when an organization carries no limits (docs/product.md#saas-admin). */
export const TABLE_FALLBACK_MAX_USERS = 10;
export const TABLE_FALLBACK_MAX_CLIENTS = 1000;

/**
 * An organization's limit as every screen shows it: null means unlimited (the server treats 0 as no
 * limit); the table fallback (docs/product.md#saas-admin) only when the organization carries no limit at all.
 */
export function organizationLimit(value: unknown, fallback: number): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return fallback;
  return value === 0 ? null : Math.floor(value);
}

export const organizationSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  email: emailSchema.nullable(),
  packageId: uuidSchema.nullable(),
  plan: organizationPlanSchema,
  status: organizationStatusSchema,
  maxUsers: z.number().int().min(0),
  maxClients: z.number().int().min(0),
  settings: z.record(z.string(), z.unknown()),
  isProtected: z.boolean(),
  trialEndsAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  // Display extras on admin lists.
  userCount: z.number().int().min(0).optional(),
  clientCount: z.number().int().min(0).optional(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** Limits typed into a form: anything not a non-negative integer falls back to the default. */
const limitWithFallback = (fallback: number) =>
  z.preprocess((v) => {
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : fallback;
  }, z.number().int().min(0));

const nameAndEmailRequired = safeString({ error: m.organizationNameEmailRequired })
  .trim()
  .min(1, { error: m.organizationNameEmailRequired })
  .max(200, { error: m.textTooLong });

/** POST /api/saas/organizations (docs/product.md#saas-admin organization form). */
export const organizationCreateSchema = z.object({
  id: uuidSchema.optional(),
  name: nameAndEmailRequired,
  email: nameAndEmailRequired.pipe(emailSchema),
  packageId: uuidSchema.nullable().optional(),
  plan: organizationPlanSchema.default('starter'),
  status: organizationStatusSchema.default('active'),
  maxUsers: limitWithFallback(DEFAULT_MAX_USERS),
  maxClients: limitWithFallback(DEFAULT_MAX_CLIENTS),
  settings: boundedJsonRecord().default({}),
});
export type OrganizationCreate = z.infer<typeof organizationCreateSchema>;

export const organizationUpdateSchema = z.object({
  name: nameAndEmailRequired.optional(),
  email: nameAndEmailRequired.pipe(emailSchema).optional(),
  packageId: uuidSchema.nullable().optional(),
  plan: organizationPlanSchema.optional(),
  status: organizationStatusSchema.optional(),
  maxUsers: z.number({ error: m.invalidInteger }).int({ error: m.invalidInteger }).min(0).optional(),
  maxClients: z.number({ error: m.invalidInteger }).int({ error: m.invalidInteger }).min(0).optional(),
  settings: boundedJsonRecord().optional(),
});
export type OrganizationUpdate = z.infer<typeof organizationUpdateSchema>;

/** PUT /api/saas/organizations/{id}/status. */
export const organizationStatusUpdateSchema = z.object({ status: organizationStatusSchema });

/** POST /api/organizations, step 2 of the public sign-up: only a name. */
export const organizationSignupCreateSchema = z.object({
  name: safeString({ error: m.organizationNameMin2 })
    .trim()
    .min(2, { error: m.organizationNameMin2 })
    .max(200, { error: m.textTooLong }),
});
export type OrganizationSignupCreate = z.infer<typeof organizationSignupCreateSchema>;

/** GET /api/organization/stats. storageUsed is in bytes. */
export const organizationStatsSchema = z.object({
  userCount: z.number().int().min(0),
  clientCount: z.number().int().min(0),
  activeUsers: z.number().int().min(0),
  storageUsed: z.number().min(0),
});
export type OrganizationStats = z.infer<typeof organizationStatsSchema>;

/** Storage in MB with one decimal, as the admin screen shows it. */
export function storageMb(bytes: number): string {
  const mb = Number.isFinite(bytes) && bytes > 0 ? bytes / (1024 * 1024) : 0;
  return new Intl.NumberFormat('pt-PT', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(mb);
}
