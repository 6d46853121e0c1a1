import { can, errorMessages } from '@casa/shared-schema';
import { suspended, unauthenticated } from './errors';
import type { AppContext, Auth } from './types';

/** The logged-in user's auth, or the right error: 403 'suspensa' for a suspended account, else 401. */
export function authOf(ctx: AppContext): Auth {
  const auth = ctx.state.auth;
  if (auth) return auth;
  if (ctx.state.authRejection === 'suspended') throw suspended(errorMessages.accountSuspended);
  throw unauthenticated();
}

/** Viewers can only look: the shared rule `can(auth, 'write')` (shared-schema permissions.ts). */
export function canWrite(auth: Auth): boolean {
  return can(auth, 'write');
}
