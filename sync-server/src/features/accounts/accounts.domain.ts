import { randomUUID } from 'node:crypto';
import {
  defaultOrganizationName,
  errorMessages,
  isAwaitingApproval,
  loginSchema,
  registerSchema,
  type CurrentUser,
  type OrganizationRole,
  type User,
} from '@casa/shared-schema';
import { loadAuth, type DomainCtx, type PublicCtx } from '../../http/context';
import { toIso } from '../../db/rows';
import { forbidden, suspended, unauthenticated } from '../../http/errors';
import { hashPassword, verifyPasswordConstantTime } from '../../lib/password';
import { cachedSystemSettings, maintenanceStatusAt } from '../system/system-settings.domain';
import { maintenanceError } from '../system/maintenance-gate.service';
import { joinSignupTarget, resumeSignup, signupTargetFor } from '../signup/signup-register.domain';
import {
  beginLoginAttempt,
  clearLoginFailures,
  loginFailed,
  passwordAccepted,
} from './login-throttle.service';
import { claimSignupSlot } from './signup-throttle';
import { insertUser } from './user-insert.service';
import { emailTaken, loadUserRow, splitFullName, toCurrentUser, toUser } from './user.views';

export type RegisterResult =
  | { outcome: 'created' | 'resumed'; user: User }
  | {
      outcome: 'joined';
      user: User;
      organization: { id: string; name: string };
      role: OrganizationRole;
      pendingApproval: boolean;
    };

/**
 * POST /api/auth/register, both payload shapes (the register screen, docs/product.md#accounts; sign-up step 1, docs/product.md#sign-up):
 * - an email whose domain an organization's registration settings claim (signupTargetFor) joins that
 *   organization with its defaultRole, inactive until an admin approves when requireApproval is on;
 * - a taken email resumes its owner's unfinished sign-up with the right password (resumeSignup), else 409;
 * - otherwise creates an organization (the given name, else "<full name> - Organização") whose admin the
 *   new user is; sign-up step 2 (POST /api/organizations) then renames it.
 */
export async function register(ctx: PublicCtx, args: unknown): Promise<RegisterResult> {
  const input = registerSchema.parse(args);
  await claimSignupSlot(ctx);
  if (await emailTaken(ctx.db, input.email)) {
    return { outcome: 'resumed', user: await resumeSignup(ctx, input) };
  }
  const target = await signupTargetFor(ctx.db, input.email);
  if (target) {
    const { user, pendingApproval } = await joinSignupTarget(ctx, input, target);
    return {
      outcome: 'joined',
      user,
      organization: { id: target.id, name: target.name },
      role: target.settings.defaultRole,
      pendingApproval,
    };
  }
  const passwordHash = await hashPassword(input.password);
  const { firstName, lastName } = splitFullName(input.fullName);
  const organizationId = randomUUID();
  const userId = randomUUID();
  await insertUser(
    ctx.db,
    { id: userId, organizationId, email: input.email, firstName, lastName, passwordHash, role: 'admin' },
    ctx.now,
    {
      emailInUseMessage: errorMessages.emailInUse,
      before: async (trx) => {
        // The organization's contact email is its admin's, unless another organization already has it
        // (organizations.email is unique); the admin or the SaaS admin can set it later.
        const emailTaken = await trx('organizations').where('email', input.email).first('id');
        await trx('organizations').insert({
          id: organizationId,
          name: input.organizationName ?? defaultOrganizationName(input.fullName),
          email: emailTaken ? null : input.email,
          signup_user_id: userId,
          created_at: ctx.now,
          updated_at: ctx.now,
        });
      },
    },
  );
  ctx.log.info({ userId, organizationId }, 'account registered');
  return { outcome: 'created', user: toUser(await loadUserRow(ctx.db, userId)) };
}

/**
 * POST /api/auth/login: argon2id verification that costs the same for unknown emails, lockout per
 * (email, IP), last_login_at. The caller rotates the session id.
 */
export async function login(
  ctx: PublicCtx,
  args: unknown,
): Promise<{ user: CurrentUser; sessionGeneration: number }> {
  const input = loginSchema.parse(args);
  const now = new Date(ctx.now);
  const key = { email: input.email, ip: ctx.ip || 'unknown' };
  const system = await cachedSystemSettings(ctx.db);
  const attempt = await beginLoginAttempt(ctx.db, key, now, {
    perAccount: system.security.maxLoginAttempts,
    perAddress: ctx.limits.loginFailuresPerAddress,
  });

  const row = (await ctx
    .db('users')
    .where('email', input.email)
    .first('id', 'password_hash', 'status', 'last_login_at', 'session_generation')) as
    | {
        id: string;
        password_hash: string | null;
        status: string;
        last_login_at: unknown;
        session_generation: number | string;
      }
    | undefined;
  const ok = await verifyPasswordConstantTime(row?.password_hash, input.password);
  if (!row || !ok) {
    await loginFailed(ctx.db, attempt, now);
    throw unauthenticated(errorMessages.invalidCredentials);
  }
  await passwordAccepted(ctx.db, attempt);
  // Status is only revealed to someone who knows the password.
  const auth = await loadAuth(ctx.db, row.id);
  if (auth === 'suspended') {
    // A sign-up waiting for its organization's approval is told so (and is not sent to ?suspended=true).
    const pending = isAwaitingApproval({ status: row.status, lastLoginAt: toIso(row.last_login_at) });
    throw pending
      ? forbidden(errorMessages.accountPendingApproval)
      : suspended(errorMessages.accountSuspended);
  }
  // Maintenance mode keeps everyone but the super admins out, before any session exists.
  const maintenance = maintenanceStatusAt(system, now);
  if (maintenance.active && !(auth !== 'gone' && auth.isSuperAdmin))
    throw maintenanceError(maintenance.message);

  await clearLoginFailures(ctx.db, key);
  await ctx.db('users').where('id', row.id).update({ last_login_at: ctx.now });
  const user = toCurrentUser(await loadUserRow(ctx.db, row.id));
  return { user, sessionGeneration: Number(row.session_generation) };
}

/** GET /api/auth/me. */
export async function currentUser(ctx: DomainCtx): Promise<CurrentUser> {
  return toCurrentUser(await loadUserRow(ctx.db, ctx.auth.userId));
}
