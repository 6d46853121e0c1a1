import type { Knex } from 'knex';
import { recordAccountChange } from '../../db/change-log';
import { emailInUse } from '../../http/errors';
import { isUniqueViolation } from './user.views';

export type NewUser = {
  id: string;
  organizationId: string | null;
  email: string;
  firstName: string;
  lastName?: string | null;
  phone?: string | null;
  bio?: string | null;
  passwordHash: string | null;
  role: string;
  /** Left to the column default ('active') when absent. */
  status?: string;
  isSuperAdmin?: boolean;
};

type FormFields = Pick<NewUser, 'email' | 'firstName' | 'lastName' | 'phone' | 'bio' | 'status'>;

/** The fields the create-user forms (organization admin, SaaS admin) send that are stored as they are. */
export function formFieldsOf(input: FormFields): FormFields {
  const { email, firstName, lastName, phone, bio, status } = input;
  return { email, firstName, lastName, phone, bio, status };
}

/**
 * Inserts a users row and logs it for the organization's devices, in one transaction; `before` runs first
 * inside it (an organization to create, limits to check). The caller checked the email beforehand; when a
 * concurrent request took it meanwhile, the unique index answers and this throws 409 with `emailInUseMessage`.
 */
export async function insertUser(
  db: Knex,
  user: NewUser,
  now: string,
  options: { emailInUseMessage: string; before?: (trx: Knex.Transaction) => Promise<void> },
): Promise<void> {
  try {
    await db.transaction(async (trx) => {
      await options.before?.(trx);
      await trx('users').insert({
        id: user.id,
        organization_id: user.organizationId,
        email: user.email,
        first_name: user.firstName,
        last_name: user.lastName ?? null,
        phone: user.phone ?? null,
        bio: user.bio ?? null,
        password_hash: user.passwordHash,
        role: user.role,
        ...(user.status ? { status: user.status } : {}),
        is_super_admin: user.isSuperAdmin ?? false,
        created_at: now,
        updated_at: now,
      });
      await recordAccountChange(
        trx,
        { table: 'users', userId: user.id, organizationId: user.organizationId },
        now,
      );
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailInUse(options.emailInUseMessage);
    throw err;
  }
}
