import type { Knex } from 'knex';
import {
  DEFAULT_REGISTRATION_SETTINGS,
  ErrorCode,
  errorMessages,
  isEmailDomainAllowed,
  registrationSettingsCreateSchema,
  type OrganizationRole,
  type RegistrationSettingsCreate,
  uuidSchema,
} from '@casa/shared-schema';
import { fromDbRow, toNumber } from '../../db/rows';
import { AppError, conflict, notFound, validationError } from '../../http/errors';

type Db = Knex | Knex.Transaction;

const limitReached = (message: string) => new AppError(ErrorCode.LIMIT_REACHED, message);

/** The organization's saved registration settings, or null when the SaaS admin never saved any. */
export async function savedRegistrationSettings(
  db: Db,
  organizationId: string,
): Promise<RegistrationSettingsCreate | null> {
  const row = (await db('registration_settings').where('organization_id', organizationId).first()) as
    Record<string, unknown> | undefined;
  if (!row) return null;
  return registrationSettingsCreateSchema.parse(fromDbRow('registration_settings', row));
}

export async function registrationSettingsOrDefaults(
  db: Db,
  organizationId: string,
): Promise<RegistrationSettingsCreate> {
  return (await savedRegistrationSettings(db, organizationId)) ?? DEFAULT_REGISTRATION_SETTINGS;
}

export async function countUsers(db: Db, organizationId: string, role?: string): Promise<number> {
  const query = db('users').where('organization_id', organizationId);
  if (role) query.where('role', role);
  const row = (await query.count({ n: '*' }).first()) as { n: unknown } | undefined;
  return toNumber(row?.n);
}

/**
 * Rules for a user joining an existing organization through its admin (docs/product.md#roles, #organization-admin): the plan's
 * maxUsers (0 = unlimited), and, when the organization has saved registration settings, the allowed
 * email domains and the per-role limits (0 = unlimited).
 */
export async function assertCanJoin(
  db: Db,
  organizationId: string,
  user: { email: string; role: OrganizationRole },
): Promise<void> {
  const org = (await db('organizations').where('id', organizationId).first('max_users')) as
    { max_users: unknown } | undefined;
  const maxUsers = toNumber(org?.max_users);
  if (maxUsers > 0 && (await countUsers(db, organizationId)) >= maxUsers) {
    throw limitReached(errorMessages.userLimitReached);
  }
  const settings = await savedRegistrationSettings(db, organizationId);
  if (!settings) return;
  if (!isEmailDomainAllowed(user.email, settings.allowedDomains)) {
    throw validationError(errorMessages.emailDomainNotAllowed, {
      email: errorMessages.emailDomainNotAllowed,
    });
  }
  await assertRoleLimit(db, organizationId, user.role, settings);
}

export async function assertRoleLimit(
  db: Db,
  organizationId: string,
  role: OrganizationRole,
  settings?: RegistrationSettingsCreate | null,
): Promise<void> {
  const s = settings === undefined ? await savedRegistrationSettings(db, organizationId) : settings;
  if (!s) return;
  const limit = s.maxUsersPerRole[role];
  if (limit > 0 && (await countUsers(db, organizationId, role)) >= limit) {
    throw limitReached(errorMessages.userRoleLimitReached);
  }
}

/** Refuses a change that would leave the organization without an active admin. */
export async function assertKeepsAnAdmin(db: Db, organizationId: string, userId: string): Promise<void> {
  const row = (await db('users')
    .where({ organization_id: organizationId, role: 'admin', status: 'active' })
    .whereNot('id', userId)
    .count({ n: '*' })
    .first()) as { n: unknown } | undefined;
  if (toNumber(row?.n) === 0) throw conflict(errorMessages.lastAdminRequired);
}

/** A path id that is not a uuid cannot exist: 404 with the given message (never a 500 on Postgres). */
export function idOr404(value: unknown, message: string): string {
  const parsed = uuidSchema.safeParse(value);
  if (!parsed.success) throw notFound(message);
  return parsed.data;
}
