import { randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_COOKIE } from '@casa/shared-schema/values';
import { csrfRejected } from './errors';
import type { AppContext, AppMiddleware } from './types';

export { CSRF_COOKIE };
export const CSRF_HEADER = 'X-CSRF-Token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32,128}$/;

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function originAllowed(ctx: AppContext): boolean {
  const origin = ctx.get('Origin');
  // Browsers always send Origin on cross-site writes; its absence (curl, same-origin navigations) is fine.
  if (!origin) return true;
  // Koa 3's ctx.origin echoes the Origin header; our own origin is protocol + host (proxy-aware).
  return origin === `${ctx.protocol}://${ctx.host}`;
}

/**
 * Double-submit CSRF defence (documented for the web client in docs/api.md): a readable `csrf_token`
 * cookie (SameSite=Strict) is issued on any response that lacks it, and every unsafe `/api` request
 * must echo it in `X-CSRF-Token`; a present Origin header must be our own origin.
 */
export function csrfProtection(): AppMiddleware {
  return async (ctx, next) => {
    let token = ctx.cookies.get(CSRF_COOKIE, { signed: false });
    if (!token || !TOKEN_SHAPE.test(token)) {
      token = randomBytes(32).toString('base64url');
      ctx.cookies.set(CSRF_COOKIE, token, {
        httpOnly: false,
        sameSite: 'strict',
        signed: false,
        path: '/',
        overwrite: true,
        maxAge: 365 * 24 * 60 * 60 * 1000,
      });
      // The cookie we just set does not validate this request: only a token the client already held does.
      if (ctx.path.startsWith('/api/') && !SAFE_METHODS.has(ctx.method)) throw csrfRejected();
    }
    if (ctx.path.startsWith('/api/') && !SAFE_METHODS.has(ctx.method)) {
      const sent = ctx.get(CSRF_HEADER);
      if (!sent || !sameToken(sent, token) || !originAllowed(ctx)) throw csrfRejected();
    }
    await next();
  };
}
