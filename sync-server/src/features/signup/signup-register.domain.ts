import { randomUUID } from 'node:crypto';
import {
  claimsSignupEmail,
  ErrorCode,
  errorMessages,
  notificationTexts,
  registrationSettingsCreateSchema,
  type OrganizationRole,
  type RegisterInput,
  type RegistrationSettingsCreate,
  type User,
} from '@casa/shared-schema';
import type { Knex } from 'knex';
import { dialectOf } from '../../db/knex';
import { fromDbRow, toNumber } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import type { PublicCtx } from '../../http/context';
import { AppError, emailInUse } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import {
  beginLoginAttempt,
  clearLoginFailures,
  loginFailed,
  passwordAccepted,
} from '../accounts/login-throttle.service';
import { insertUser } from '../accounts/user-insert.service';
import { loadUserRow, splitFullName, toUser } from '../accounts/user.views';
import { createNotification } from '../notifications/notifications.domain';
import { countUsers } from '../organization/user-rules.policy';
import { cachedSystemSettings } from '../system/system-settings.domain';

type Row = Record<string, unknown>;

/** An organization whose registration settings claim a sign-up's email domain. */
export type SignupTarget = { id: string; name: string; settings: RegistrationSettingsCreate };

/**
 * The organization a public sign-up with this email joins, or null (it then creates its own): registration
 * enabled, not invitation-only, the email's domain in a non-empty allowed list, the organization neither
 * suspended nor cancelled. Several claiming the same domain: the oldest organization.
 */
export async function signupTargetFor(db: Knex, email: string): Promise<SignupTarget | null> {
  const rows = (await db('registration_settings as rs')
    .join('organizations as o', 'o.id', 'rs.organization_id')
    .where('rs.enabled', true)
    .where('rs.invitation_only', false)
    .whereNotIn('o.status', ['suspended', 'cancelled'])
    .orderBy('o.created_at', 'asc')
    .orderBy('o.id', 'asc')
    .select('rs.*', 'o.name as organization_name')) as Row[];
  for (const row of rows) {
    const { organization_name: name, ...settingsRow } = row;
    const settings = registrationSettingsCreateSchema.parse(fromDbRow('registration_settings', settingsRow));
    if (claimsSignupEmail(settings, email)) {
      return { id: row.organization_id as string, name: name as string, settings };
    }
  }
  return null;
}

const limitReached = (message: string) => new AppError(ErrorCode.LIMIT_REACHED, message);

/** The package's user limit and the per-role limit (0 = unlimited for both), inside the insert's transaction. */
async function assertRoomToJoin(trx: Knex.Transaction, target: SignupTarget, role: OrganizationRole) {
  const query = trx('organizations').where('id', target.id).first('max_users');
  if (dialectOf(trx) === 'pg') query.forUpdate(); // serialises concurrent sign-ups against the limits
  const org = (await query) as { max_users: unknown } | undefined;
  const maxUsers = toNumber(org?.max_users);
  if (maxUsers > 0 && (await countUsers(trx, target.id)) >= maxUsers) {
    throw limitReached(errorMessages.signupOrganizationFull(target.name));
  }
  const roleLimit = target.settings.maxUsersPerRole[role];
  if (roleLimit > 0 && (await countUsers(trx, target.id, role)) >= roleLimit) {
    throw limitReached(errorMessages.signupRoleLimitReached(target.name));
  }
}

/**
 * Public sign-up into the organization that claims the email's domain: the settings' defaultRole, and
 * status inactive (awaiting an admin's approval, see isAwaitingApproval) when requireApproval is on.
 * The organization's active admins get a notification.
 */
export async function joinSignupTarget(
  ctx: PublicCtx,
  input: RegisterInput,
  target: SignupTarget,
): Promise<{ user: User; pendingApproval: boolean }> {
  const role = target.settings.defaultRole;
  const pendingApproval = target.settings.requireApproval;
  const { firstName, lastName } = splitFullName(input.fullName);
  const userId = randomUUID();
  await insertUser(
    ctx.db,
    {
      id: userId,
      organizationId: target.id,
      email: input.email,
      firstName,
      lastName,
      passwordHash: await hashPassword(input.password),
      role,
      status: pendingApproval ? 'inactive' : 'active',
    },
    ctx.now,
    { emailInUseMessage: errorMessages.emailInUse, before: (trx) => assertRoomToJoin(trx, target, role) },
  );
  ctx.log.info({ userId, organizationId: target.id, role, pendingApproval }, 'sign-up joined organization');
  const user = toUser(await loadUserRow(ctx.db, userId));
  await notifyAdmins(ctx, target.id, user, pendingApproval);
  return { user, pendingApproval };
}

async function notifyAdmins(ctx: PublicCtx, organizationId: string, user: User, pending: boolean) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  const admins = (await ctx
    .db('users')
    .where({ organization_id: organizationId, role: 'admin', status: 'active' })
    .pluck('id')) as string[];
  for (const adminId of admins) {
    try {
      const auth = { userId: adminId, organizationId, role: 'admin' as const, isSuperAdmin: false };
      await inTransaction({ ...ctx, auth }, (tx) =>
        createNotification(tx, {
          userId: adminId,
          organizationId,
          type: 'system',
          title: pending
            ? notificationTexts.signupPendingTitle(name)
            : notificationTexts.signupJoinedTitle(name),
          body: pending
            ? notificationTexts.signupPendingBody(user.email)
            : notificationTexts.signupJoinedBody(user.email),
          data: { userId: user.id },
        }),
      );
    } catch (err) {
      // The account exists either way; the admins still see it in their users list.
      ctx.log.error({ err, organizationId, adminId }, 'sign-up notification failed');
    }
  }
}

/**
 * The email is taken: when step 1 of the subscribe dialog's sign-up (the {name, hashedPassword} payload)
 * comes again for the unfinished sign-up of its owner (the user whose sign-up created the organization,
 * still its active admin, the organization without a subscription and not suspended) and the password is
 * right, the sign-up resumes where it stopped (the caller hands out a new sign-up token
 * for steps 2 and 3). Anything else: 409 with the email-in-use text. Wrong passwords count as failed logins.
 */
export async function resumeSignup(ctx: PublicCtx, input: RegisterInput): Promise<User> {
  const row = (await ctx
    .db('users')
    .leftJoin('organizations', 'organizations.id', 'users.organization_id')
    .where('users.email', input.email)
    .first(
      'users.id',
      'users.password_hash',
      'users.role',
      'users.status',
      'users.organization_id',
      'organizations.signup_user_id',
      'organizations.status as organization_status',
    )) as Row | undefined;
  const taken = emailInUse(errorMessages.emailInUse);
  if (
    input.source !== 'signup' || // the register screen is a single step: nothing to resume
    !row ||
    !row.organization_id ||
    row.signup_user_id !== row.id ||
    row.role !== 'admin' ||
    row.status !== 'active' ||
    row.organization_status === 'suspended' ||
    typeof row.password_hash !== 'string'
  ) {
    throw taken;
  }
  const subscribed = await ctx
    .db('subscriptions')
    .where('organization_id', row.organization_id as string)
    .first('id');
  if (subscribed) throw taken;

  const now = new Date(ctx.now);
  const key = { email: input.email, ip: ctx.ip || 'unknown' };
  const system = await cachedSystemSettings(ctx.db);
  const attempt = await beginLoginAttempt(ctx.db, key, now, {
    perAccount: system.security.maxLoginAttempts,
    perAddress: ctx.limits.loginFailuresPerAddress,
  });
  if (!(await verifyPassword(row.password_hash, input.password))) {
    await loginFailed(ctx.db, attempt, now);
    throw taken;
  }
  await passwordAccepted(ctx.db, attempt);
  await clearLoginFailures(ctx.db, key);
  ctx.log.info({ userId: row.id, organizationId: row.organization_id }, 'sign-up resumed');
  return toUser(await loadUserRow(ctx.db, row.id as string));
}
