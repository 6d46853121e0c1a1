import { randomBytes } from 'node:crypto';
import createSession from 'koa-session';
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
  return createSession(
    {
      key: SESSION_COOKIE,
      maxAge: Math.round(env.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000),
      rolling: true,
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      overwrite: true,
      store,
      genid: () => randomBytes(32).toString('base64url'),
    },
    app,
  ) as AppMiddleware;
}
