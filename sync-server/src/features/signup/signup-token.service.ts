import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNUP_TOKEN_TTL_MINUTES } from '@casa/shared-schema';

export type SignupIdentity = { userId: string; organizationId: string };

const PURPOSE = 'casa-signup-v1';

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}.${payload}`).digest('base64url');
}

/**
 * Short-lived token that step 1 of the sign-up (POST /api/auth/register) returns and steps 2 and 3 send
 * back as X-Signup-Token: base64url(JSON {u, o, exp}) + '.' + HMAC-SHA256(SESSION_SECRET). Stateless.
 */
export function issueSignupToken(secret: string, identity: SignupIdentity, now = new Date()): string {
  const exp = now.getTime() + SIGNUP_TOKEN_TTL_MINUTES * 60_000;
  const payload = Buffer.from(
    JSON.stringify({ u: identity.userId, o: identity.organizationId, exp }),
  ).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The identity in a valid, unexpired token; null for anything else (never throws). */
export function verifySignupToken(
  secret: string,
  token: string | undefined,
  now = new Date(),
): SignupIdentity | null {
  if (!token || token.length > 1000) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      u?: unknown;
      o?: unknown;
      exp?: unknown;
    };
    if (typeof data.u !== 'string' || typeof data.o !== 'string' || typeof data.exp !== 'number') return null;
    if (data.exp <= now.getTime()) return null;
    return { userId: data.u, organizationId: data.o };
  } catch {
    return null;
  }
}
