import { z } from 'zod';
import { organizationRoleSchema, ROLES, type Role } from '../enums';
import { errorMessages, validationMessages as m } from '../messages';
import { uuidSchema } from '../primitives';
import { organizationSchema } from '../entities/organization';
import { planRevenueFallback } from '../entities/package';
import { newPasswordSchema } from '../entities/password-policy';
import { userCreateSchema, userSchema } from '../entities/user';

/** Header carrying the short-lived sign-up token that step 1 returns (steps 2 and 3 need it). */
export const SIGNUP_TOKEN_HEADER = 'X-Signup-Token';
export const SIGNUP_TOKEN_TTL_MINUTES = 30;

/**
 * What POST /api/auth/register did: `created` a new account and organization (201), `resumed` the
 * unfinished sign-up of that email after the right password (200: nothing new), or `joined` the
 * organization whose registration settings claim the email's domain (201; no organization of one's own,
 * no steps 2 and 3).
 */
export const REGISTER_OUTCOMES = ['created', 'resumed', 'joined'] as const;
export type RegisterOutcome = (typeof REGISTER_OUTCOMES)[number];

/**
 * POST /api/auth/register answer: the user, the outcome, and either the sign-up token for steps 2 and 3
 * (created, resumed) or the organization joined, with the role given and whether an admin must approve.
 */
export const registerResponseSchema = userSchema.extend({
  outcome: z.enum(REGISTER_OUTCOMES),
  signupToken: z.string().min(1).optional(),
  joinedOrganization: z
    .object({
      id: uuidSchema,
      name: z.string(),
      role: organizationRoleSchema,
      pendingApproval: z.boolean(),
    })
    .optional(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** GET /api/organization: the caller's organization and its package's display name. */
export const organizationDetailsSchema = organizationSchema.extend({
  packageDisplayName: z.string().nullable(),
});
export type OrganizationDetails = z.infer<typeof organizationDetailsSchema>;

const password = newPasswordSchema();

/**
 * POST /api/organization/users (organization admin). Only organization roles; the organization comes
 * from the session. role left out: 'agent' (docs/product.md#roles), or the registration settings' defaultRole when
 * the organization has enabled them.
 */
export const organizationUserCreateSchema = userCreateSchema
  .omit({ organizationId: true })
  .extend({ role: organizationRoleSchema.optional(), password });
export type OrganizationUserCreate = z.infer<typeof organizationUserCreateSchema>;

/** PUT /api/organization/users/{id}: email cannot change (it is ignored), password optional. */
export const organizationUserUpdateSchema = userCreateSchema
  .omit({ id: true, organizationId: true, email: true, role: true, status: true, password: true })
  .partial()
  .extend({
    role: organizationRoleSchema.optional(),
    status: userCreateSchema.shape.status.unwrap().optional(),
    password: z.preprocess((v) => (v === '' || v === null ? undefined : v), password.optional()),
  });
export type OrganizationUserUpdate = z.infer<typeof organizationUserUpdateSchema>;

/** POST /api/saas/users (super admin). A user of an organization role needs an organizationId. */
export const saasUserCreateSchema = userCreateSchema.superRefine((v, ctx) => {
  if (v.role !== 'super_admin' && !v.organizationId) {
    ctx.addIssue({ code: 'custom', path: ['organizationId'], message: errorMessages.organizationRequired });
  }
});
export type SaasUserCreate = z.infer<typeof saasUserCreateSchema>;

/** PUT /api/saas/users/{id}: email cannot change (ignored); password optional. */
export const saasUserUpdateSchema = organizationUserUpdateSchema.extend({
  role: userCreateSchema.shape.role.unwrap().optional(),
  organizationId: uuidSchema.optional(),
});
export type SaasUserUpdate = z.infer<typeof saasUserUpdateSchema>;

/** Suspender / Ativar (docs/product.md#saas-admin): only these two states toggle. */
export const statusToggleSchema = z.object({
  status: z.enum(['active', 'suspended'], { error: m.invalidOption }),
});
export type StatusToggle = z.infer<typeof statusToggleSchema>;

/** GET /api/saas/stats. monthlyRevenue is a decimal string (euros). */
export const saasStatsSchema = z.object({
  totalOrganizations: z.number().int().min(0),
  activeOrganizations: z.number().int().min(0),
  totalUsers: z.number().int().min(0),
  monthlyRevenue: z.string(),
  usersByRole: z.record(z.enum(ROLES), z.number().int().min(0)),
  recentOrganizations: z.array(organizationSchema),
});
export type SaasStats = z.infer<typeof saasStatsSchema>;

/** A user row as the admin tables list it. */
export const adminUserSchema = userSchema;
export type AdminUser = z.infer<typeof adminUserSchema>;

export const saasUserStatusResponseSchema = z.object({ id: uuidSchema, status: z.string() });

function toCents(decimal: string): number {
  const [int = '0', frac = ''] = decimal.split('.');
  return Number(int) * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
}

function fromCents(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

type RevenueOrganization = { status: string; plan: string; packageId: string | null };
type RevenuePackage = { id: string; price: string | null };

/**
 * Monthly revenue estimate (docs/product.md#saas-admin): for each organization with status 'active', its package's
 * monthly price, or 22 / 55 / 199 by plan when it has no priced package. Whole cents, decimal string.
 */
export function monthlyRevenueEstimate(
  organizations: readonly RevenueOrganization[],
  packages: readonly RevenuePackage[],
): string {
  const priceById = new Map(packages.map((p) => [p.id, p.price]));
  let cents = 0;
  for (const org of organizations) {
    if (org.status !== 'active') continue;
    const price = org.packageId ? priceById.get(org.packageId) : null;
    cents += price ? toCents(price) : planRevenueFallback(org.plan) * 100;
  }
  return fromCents(cents);
}

export const usersByRoleTemplate = (): Record<Role, number> =>
  Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
