import { randomBytes } from 'node:crypto';
import createSession from 'koa-session';
import { SIGNED_IN_HINT_COOKIE } from '@casa/shared-schema/values';
import type { KnexSessionStore } from '../db/session-store';
import type { Env } from '../env';
import type { AppKoa, AppMiddleware } from './types';

export const SESSION_COOKIE = 'casa.sid';

/**
 * koa-session backed by the `sessions` table. The cookie holds only a signed random id; it is
 * httpOnly, SameSite=Lax, Secure whenever the request is https (honouring TRUST_PROXY), and rolling
 * with a long max age because agents stay offline for long stretches (docs/decisions.md).
 */
export function sessionMiddleware(app: AppKoa, store: KnexSessionStore, env: Env): AppMiddleware {
  app.keys = [env.SESSION_SECRET];
  const maxAge = Math.round(env.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000);
  const session = createSession(
    {
      key: SESSION_COOKIE,
      maxAge,
      // Rolling by hand below: koa-session's `rolling` re-signs and re-sends the cookie on every request
      // (an HMAC and two Set-Cookie headers per request, issue 19) although the store writes the new
      // expiry at most once per touchThrottleMs; now the cookie is re-sent with that write only.
      rolling: false,
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      overwrite: true,
      store,
      genid: () => randomBytes(32).toString('base64url'),
    },
    app,
  ) as AppMiddleware;
  return (ctx, next) =>
    session(ctx, async () => {
      try {
        await next();
        // The same 30 days from the last use as `rolling: true`, give or take the store's throttle: the
        // cookie's expiry moves whenever the row's does. A session the request changed is saved anyway.
        const current = ctx.session;
        if (current && !current.isNew && store.rollingDue(ctx, maxAge)) await current.save();
      } finally {
        // After an error answer too (a 401 of a session that is over), as koa-session commits.
        keepSignedInHint(ctx, maxAge);
      }
    });
}

/**
 * The readable hint cookie (`SIGNED_IN_HINT_COOKIE`, shared-schema/src/api/cookies.ts) follows the session as
 * this request leaves it: set when a user is signed in (a login, or a session from before the hint), cleared
 * when none is (a logout, a password change elsewhere, an expired or suspended session).
 */
function keepSignedInHint(ctx: Parameters<AppMiddleware>[0], maxAge: number): void {
  if (ctx.headerSent) return;
  const signedIn = typeof ctx.session?.userId === 'string';
  const hinted = ctx.cookies.get(SIGNED_IN_HINT_COOKIE, { signed: false }) === '1';
  if (signedIn === hinted) return;
  const options = { httpOnly: false, sameSite: 'lax', signed: false, path: '/', overwrite: true } as const;
  if (signedIn) ctx.cookies.set(SIGNED_IN_HINT_COOKIE, '1', { ...options, maxAge, secure: ctx.secure });
  else ctx.cookies.set(SIGNED_IN_HINT_COOKIE, null, options);
}
