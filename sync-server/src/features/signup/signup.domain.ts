import { randomUUID } from 'node:crypto';
import {
  errorMessages,
  organizationSignupCreateSchema,
  subscriptionCreateSchema,
  subscriptionSchema,
  TRIAL_DAYS,
  uuidSchema,
  type Organization,
  type Subscription,
} from '@casa/shared-schema';
import type { Knex } from 'knex';
import { fromDbRow, toNumber } from '../../db/rows';
import type { PublicCtx } from '../../http/context';
import { notFound, unauthenticated } from '../../http/errors';
import { toOrganization } from '../organization/organization.domain';
import { planOfPackage } from '../saas/saas-organizations.domain';
import type { SignupIdentity } from './signup-token.service';

/** Steps 2 and 3 act for the user and organization step 1 created (identified by the sign-up token). */
export type SignupCtx = PublicCtx & { signup: SignupIdentity };

type Row = Record<string, unknown>;
const DAY_MS = 86_400_000;

/**
 * The token's user must still be the admin of the token's organization, the one whose sign-up created it
 * (never someone who joined it later), and that organization not suspended.
 */
async function signupOrganization(db: Knex, identity: SignupIdentity): Promise<Row> {
  const user = (await db('users')
    .where({ id: identity.userId, organization_id: identity.organizationId, role: 'admin' })
    .first('id')) as Row | undefined;
  const org = user
    ? ((await db('organizations').where('id', identity.organizationId).first()) as Row | undefined)
    : undefined;
  if (!org || org.status === 'suspended' || org.signup_user_id !== identity.userId) {
    throw unauthenticated(errorMessages.signupTokenInvalid);
  }
  return org;
}

/**
 * POST /api/organizations (sign-up step 2): names the organization step 1 created ('<name> - Agente
 * Individual' for individual agents). Renaming to the same name again is a no-op, so a retry is safe.
 */
export async function nameSignupOrganization(
  ctx: SignupCtx,
  args: unknown,
): Promise<{ organization: Organization; created: boolean }> {
  const org = await signupOrganization(ctx.db, ctx.signup);
  const { name } = organizationSignupCreateSchema.parse(args);
  if (org.name === name) return { organization: toOrganization(org), created: false };
  await ctx
    .db('organizations')
    .where('id', org.id as string)
    .update({ name, updated_at: ctx.now });
  const row = (await ctx
    .db('organizations')
    .where('id', org.id as string)
    .first()) as Row;
  return { organization: toOrganization(row), created: true };
}

function normalizeSubscriptionArgs(args: unknown): unknown {
  if (typeof args !== 'object' || args === null) return args;
  const a = args as Row;
  return a.packageId === undefined && a.planId !== undefined ? { ...a, packageId: a.planId } : a;
}

/**
 * POST /api/subscriptions/register (sign-up step 3): a 14-day trial of the chosen package ({packageId}
 * as a uuid or a plan id such as 'org-professional'; {planId} also accepted). The organization takes
 * the package, its plan, status 'trial' and the package's limits. If the organization already has a
 * subscription, that one is answered unchanged (a retry never creates a second one).
 */
export async function registerSubscription(
  ctx: SignupCtx,
  args: unknown,
): Promise<{ subscription: Subscription; created: boolean }> {
  const org = await signupOrganization(ctx.db, ctx.signup);
  const input = subscriptionCreateSchema.parse(normalizeSubscriptionArgs(args));
  const byId = uuidSchema.safeParse(input.packageId).success;
  const pkg = (await ctx
    .db('packages')
    .where(byId ? 'id' : 'name', input.packageId)
    .where('is_active', true)
    .first()) as Row | undefined;
  if (!pkg) throw notFound(errorMessages.packageNotFound);

  const organizationId = org.id as string;
  const trialEndsAt = new Date(new Date(ctx.now).getTime() + TRIAL_DAYS * DAY_MS).toISOString();
  return ctx.db.transaction(async (trx) => {
    const existing = (await trx('subscriptions')
      .where('organization_id', organizationId)
      .orderBy('created_at', 'asc')
      .first()) as Row | undefined;
    if (existing) return { subscription: toSubscription(existing), created: false };
    const id = randomUUID();
    await trx('subscriptions').insert({
      id,
      organization_id: organizationId,
      package_id: pkg.id,
      billing_cycle: input.billingCycle,
      status: 'trial',
      trial_ends_at: trialEndsAt,
      created_at: ctx.now,
      updated_at: ctx.now,
    });
    await trx('organizations')
      .where('id', organizationId)
      .update({
        package_id: pkg.id,
        plan: planOfPackage(pkg.name) ?? org.plan,
        status: 'trial',
        trial_ends_at: trialEndsAt,
        max_users: toNumber(pkg.max_users),
        max_clients: toNumber(pkg.max_clients),
        updated_at: ctx.now,
      });
    ctx.log.info({ organizationId, packageId: pkg.id }, 'trial subscription registered');
    const row = (await trx('subscriptions').where('id', id).first()) as Row;
    return { subscription: toSubscription(row), created: true };
  });
}

function toSubscription(row: Row): Subscription {
  return subscriptionSchema.parse(fromDbRow('subscriptions', row));
}
