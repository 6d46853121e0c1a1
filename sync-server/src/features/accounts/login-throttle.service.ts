import type { Knex } from 'knex';
import { errorMessages } from '@casa/shared-schema';
import { claimSlot, releaseSlot, trimSlots, type Slot } from './attempt-slots';

export const MAX_LOGIN_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
/** Failed logins from one address across every email in the window (env LOGIN_MAX_FAILURES_PER_ADDRESS). */
export const DEFAULT_MAX_FAILURES_PER_ADDRESS = 30;

type Key = { email: string; ip: string };
export type LoginLimits = { perAccount: number; perAddress: number };

/** One password check in progress: it holds a slot of the (email, address) pair and one of the address. */
export type LoginAttempt = { key: Key; account: Slot; address: Slot };

const message = (minutes: number) => errorMessages.tooManyLoginAttempts(minutes);

/**
 * Counts the attempt BEFORE the password is checked (issue 17): `perAccount` (5 by default; the super
 * admin's 'Tentativas máximas de login') passwords per (email, address) and `perAddress` across emails are
 * ever evaluated in 15 minutes, however many requests arrive together. Over either limit: 429 with the
 * minutes left (Retry-After in seconds), and nothing is evaluated.
 */
export async function beginLoginAttempt(
  db: Knex,
  key: Key,
  now: Date,
  limits: LoginLimits,
): Promise<LoginAttempt> {
  const windowMs = LOCKOUT_WINDOW_MS;
  const account = await claimSlot(
    db,
    { table: 'login_failures', match: { email: key.email, ip: key.ip } },
    now,
    { max: limits.perAccount, windowMs, message },
  );
  try {
    const address = await claimSlot(
      db,
      { table: 'rate_limit_hits', match: { bucket: 'login-address', key: key.ip } },
      now,
      { max: limits.perAddress, windowMs, message },
    );
    return { key, account, address };
  } catch (err) {
    await releaseSlot(db, account);
    throw err;
  }
}

/** A wrong password: both slots stay, as the failure's record. */
export async function loginFailed(db: Knex, _attempt: LoginAttempt, now: Date): Promise<void> {
  await trimSlots(db, 'login_failures', {}, now, LOCKOUT_WINDOW_MS);
  await trimSlots(db, 'rate_limit_hits', { bucket: 'login-address' }, now, LOCKOUT_WINDOW_MS);
}

/** The right password: this attempt does not count (whatever the account's status turns out to be). */
export async function passwordAccepted(db: Knex, attempt: LoginAttempt): Promise<void> {
  await releaseSlot(db, attempt.account);
  await releaseSlot(db, attempt.address);
}

/** A completed login clears the pair's failures (only the right password can). */
export async function clearLoginFailures(db: Knex, key: Key): Promise<void> {
  await db('login_failures').where({ email: key.email, ip: key.ip }).delete();
}
