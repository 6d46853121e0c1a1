import type { Knex } from 'knex';
import {
  currentUserSchema,
  profileSchema,
  userSchema,
  type CurrentUser,
  type Profile,
  type User,
} from '@casa/shared-schema';
import { fromDbRow } from '../../db/rows';
import { notFound } from '../../http/errors';

type UserRow = Record<string, unknown> & { password_hash?: string | null; organization_name?: string | null };

/** The users row plus its organization's name; password_hash stays server-side (the schemas strip it). */
export async function loadUserRow(db: Knex, userId: string): Promise<UserRow> {
  const row = (await db('users')
    .leftJoin('organizations', 'organizations.id', 'users.organization_id')
    .where('users.id', userId)
    .first('users.*', 'organizations.name as organization_name')) as UserRow | undefined;
  if (!row) throw notFound();
  return row;
}

function wire(row: UserRow) {
  const { password_hash: _hash, ...rest } = row;
  return fromDbRow<Record<string, unknown>>('users', rest);
}

export function toUser(row: UserRow): User {
  return userSchema.parse(wire(row));
}

export function toCurrentUser(row: UserRow): CurrentUser {
  const user = wire(row);
  const role = user.isSuperAdmin ? 'super_admin' : user.role;
  return currentUserSchema.parse({ ...user, role, organizationName: row.organization_name ?? null });
}

export function toProfile(row: UserRow): Profile {
  return profileSchema.parse(wire(row));
}

/** Register's single "full name" → first name + the rest as last name. */
export function splitFullName(fullName: string): { firstName: string; lastName: string | null } {
  const parts = fullName.trim().split(/\s+/);
  const [first = '', ...rest] = parts;
  return { firstName: first, lastName: rest.length ? rest.join(' ') : null };
}

/** Email is unique across the platform (stored lower-case); `exceptUserId` skips the user's own row. */
export async function emailTaken(db: Knex, email: string, exceptUserId?: string): Promise<boolean> {
  const query = db('users').where('email', email.toLowerCase()).first('id');
  if (exceptUserId) query.whereNot('id', exceptUserId);
  return Boolean(await query);
}

/** Unique-constraint violation on either dialect (pg 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}
