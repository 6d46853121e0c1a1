import type { Knex } from 'knex';
import { errorMessages } from '@casa/shared-schema';
import { toIso } from '../../db/rows';
import { rateLimited } from '../../http/errors';

export const MAX_LOGIN_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;

type Key = { email: string; ip: string };

/**
 * `max` (5 by default; the super admin's 'Tentativas máximas de login') failed logins for one (email, IP)
 * within 15 minutes lock that pair out until the oldest of those leaves the window. Throws 429 with the
 * minutes left (Retry-After in seconds).
 */
export async function assertNotLockedOut(
  db: Knex,
  key: Key,
  now: Date,
  max: number = MAX_LOGIN_FAILURES,
): Promise<void> {
  const since = new Date(now.getTime() - LOCKOUT_WINDOW_MS).toISOString();
  const recent = (await db('login_failures')
    .where({ email: key.email, ip: key.ip })
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(max)
    .select('created_at')) as { created_at: unknown }[];
  if (recent.length < max) return;
  const oldest = recent[recent.length - 1]!;
  const unlockAt = new Date(toIso(oldest.created_at)!).getTime() + LOCKOUT_WINDOW_MS;
  const msLeft = Math.max(1000, unlockAt - now.getTime());
  const minutes = Math.max(1, Math.ceil(msLeft / 60_000));
  throw rateLimited(errorMessages.tooManyLoginAttempts(minutes), Math.ceil(msLeft / 1000));
}

export async function recordLoginFailure(db: Knex, key: Key, now: Date): Promise<void> {
  await db('login_failures').insert({ email: key.email, ip: key.ip, created_at: now.toISOString() });
  // Old rows are useless; trimming here keeps the table small without a timer.
  await db('login_failures')
    .where('created_at', '<', new Date(now.getTime() - LOCKOUT_WINDOW_MS).toISOString())
    .delete();
}

export async function clearLoginFailures(db: Knex, key: Key): Promise<void> {
  await db('login_failures').where({ email: key.email, ip: key.ip }).delete();
}
