import { randomUUID } from 'node:crypto';
import {
  defaultOrganizationName,
  errorMessages,
  loginSchema,
  registerSchema,
  type CurrentUser,
  type User,
} from '@casa/shared-schema';
import { loadAuth, type DomainCtx, type PublicCtx } from '../../http/context';
import { emailInUse, suspended, unauthenticated } from '../../http/errors';
import { hashPassword, verifyPasswordConstantTime } from '../../lib/password';
import { cachedSystemSettings, maintenanceStatusAt } from '../system/system-settings.domain';
import { maintenanceError } from '../system/maintenance-gate';
import { assertNotLockedOut, clearLoginFailures, recordLoginFailure } from './login-throttle';
import { insertUser } from './user-insert';
import { emailTaken, loadUserRow, splitFullName, toCurrentUser, toUser } from './user-views';

/**
 * POST /api/auth/register, both payload shapes (spec 1 register screen, spec 2 sign-up step 1).
 * Creates an organization (the given name, else "<full name> - Organização") whose admin the new user is.
 * Sign-up step 2 (POST /api/organizations) then renames that organization.
 */
export async function register(ctx: PublicCtx, args: unknown): Promise<User> {
  const input = registerSchema.parse(args);
  if (await emailTaken(ctx.db, input.email)) throw emailInUse(errorMessages.emailInUse);
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
        await trx('organizations').insert({
          id: organizationId,
          name: input.organizationName ?? defaultOrganizationName(input.fullName),
          created_at: ctx.now,
          updated_at: ctx.now,
        });
      },
    },
  );
  ctx.log.info({ userId, organizationId }, 'account registered');
  return toUser(await loadUserRow(ctx.db, userId));
}

/**
 * POST /api/auth/login: argon2id verification that costs the same for unknown emails, lockout per
 * (email, IP), last_login_at. The caller rotates the session id.
 */
export async function login(ctx: PublicCtx, args: unknown): Promise<CurrentUser> {
  const input = loginSchema.parse(args);
  const now = new Date(ctx.now);
  const key = { email: input.email, ip: ctx.ip || 'unknown' };
  const system = await cachedSystemSettings(ctx.db);
  await assertNotLockedOut(ctx.db, key, now, system.security.maxLoginAttempts);

  const row = (await ctx.db('users').where('email', input.email).first('id', 'password_hash')) as
    { id: string; password_hash: string | null } | undefined;
  const ok = await verifyPasswordConstantTime(row?.password_hash, input.password);
  if (!row || !ok) {
    await recordLoginFailure(ctx.db, key, now);
    throw unauthenticated(errorMessages.invalidCredentials);
  }
  // Status is only revealed to someone who knows the password.
  const auth = await loadAuth(ctx.db, row.id);
  if (auth === 'suspended') throw suspended(errorMessages.accountSuspended);
  // Maintenance mode keeps everyone but the super admins out, before any session exists.
  const maintenance = maintenanceStatusAt(system, now);
  if (maintenance.active && !(auth !== 'gone' && auth.isSuperAdmin))
    throw maintenanceError(maintenance.message);

  await clearLoginFailures(ctx.db, key);
  await ctx.db('users').where('id', row.id).update({ last_login_at: ctx.now });
  return toCurrentUser(await loadUserRow(ctx.db, row.id));
}

/** GET /api/auth/me. */
export async function currentUser(ctx: DomainCtx): Promise<CurrentUser> {
  return toCurrentUser(await loadUserRow(ctx.db, ctx.auth.userId));
}
