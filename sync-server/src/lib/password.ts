import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

// OWASP Password Storage Cheat Sheet, argon2id option 2: m=19 MiB, t=2, p=1.
const ARGON2ID: Algorithm = 2;
export const ARGON2_OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * A valid argon2id hash (same parameters) of a random password nobody knows. Verifying against it
 * makes a login for an unknown email cost the same as a wrong password (no user-enumeration by timing).
 */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$e/uKbte4yy04jthFR8h1XQ$O3V7/IvJrwIIFeaaAhEmiuArpOQ9EpS+PGFNJGHEt/I';

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a malformed or foreign hash (never throws on bad input). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Use at login: pass the stored hash, or null/undefined when the email is unknown or the account has
 * no local password. Always runs one argon2 verification, so both failures take the same time.
 */
export async function verifyPasswordConstantTime(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    await verifyPassword(DUMMY_HASH, password);
    return false;
  }
  return verifyPassword(passwordHash, password);
}
