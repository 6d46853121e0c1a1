import { can, errorMessages, type Role } from '@casa/shared-schema';
import { forbidden, suspended, unauthenticated } from './errors';
import type { AppContext, AppMiddleware, Auth } from './types';

/** The logged-in user's auth, or the right error: 403 'suspensa' for a suspended account, else 401. */
export function authOf(ctx: AppContext): Auth {
  const auth = ctx.state.auth;
  if (auth) return auth;
  if (ctx.state.authRejection === 'suspended') throw suspended(errorMessages.accountSuspended);
  throw unauthenticated();
}

export const requireAuth: AppMiddleware = async (ctx, next) => {
  authOf(ctx);
  await next();
};

/** Viewers can only look: the shared rule `can(auth, 'write')` (shared-schema permissions.ts). */
export function canWrite(auth: Auth): boolean {
  return can(auth, 'write');
}

export const requireWrite: AppMiddleware = async (ctx, next) => {
  if (!canWrite(authOf(ctx))) throw forbidden(errorMessages.forbidden);
  await next();
};

export function requireRole(...roles: Role[]): AppMiddleware {
  return async (ctx, next) => {
    const auth = authOf(ctx);
    if (!roles.includes(auth.role) && !(auth.isSuperAdmin && roles.includes('super_admin'))) {
      throw forbidden(errorMessages.forbidden);
    }
    await next();
  };
}

export const requireSuperAdmin: AppMiddleware = async (ctx, next) => {
  if (!can(authOf(ctx), 'administerSaas')) throw forbidden(errorMessages.forbidden);
  await next();
};
