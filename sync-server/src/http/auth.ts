import { errorMessages } from '@casa/shared-schema';
import { suspended, unauthenticated } from './errors';
import type { AppContext, Auth } from './types';

/** The logged-in user's auth, or the right error: 403 'suspensa' for a suspended account, else 401. */
export function authOf(ctx: AppContext): Auth {
  const auth = ctx.state.auth;
  if (auth) return auth;
  if (ctx.state.authRejection === 'suspended') throw suspended(errorMessages.accountSuspended);
  throw unauthenticated();
}

/** Viewers can only look (spec 1 §6). */
export function canWrite(auth: Auth): boolean {
  return auth.isSuperAdmin || auth.role === 'admin' || auth.role === 'agent';
}
