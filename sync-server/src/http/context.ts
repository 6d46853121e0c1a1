import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { ROLES, type Role } from '@casa/shared-schema';
import type { AppContext, AppMiddleware, Auth } from './types';

type AuthRow = {
  id: string;
  organization_id: string | null;
  role: string;
  status: string;
  is_super_admin: boolean | number;
  organization_status: string | null;
};

/** Why a session no longer grants access; `suspended` makes requireAuth answer 403 instead of 401. */
export type AuthRejection = 'suspended' | 'gone';

export async function loadAuth(db: Knex, userId: string): Promise<Auth | AuthRejection> {
  const row = (await db('users')
    .leftJoin('organizations', 'organizations.id', 'users.organization_id')
    .where('users.id', userId)
    .first(
      'users.id',
      'users.organization_id',
      'users.role',
      'users.status',
      'users.is_super_admin',
      'organizations.status as organization_status',
    )) as AuthRow | undefined;
  if (!row) return 'gone';
  const isSuperAdmin = Boolean(row.is_super_admin) || row.role === 'super_admin';
  if (row.status !== 'active') return 'suspended';
  if (row.organization_id && row.organization_status === 'suspended') return 'suspended';
  const role: Role = isSuperAdmin
    ? 'super_admin'
    : (ROLES as readonly string[]).includes(row.role)
      ? (row.role as Role)
      : 'viewer';
  return { userId: row.id, organizationId: row.organization_id, role, isSuperAdmin };
}

/**
 * Builds `ctx.state.auth` from the session only, re-reading the user (and organization) on every
 * request so that a suspension or a role change applies at once. A suspended or vanished user's
 * session is destroyed here; routes that need a user then answer 403 (suspended) or 401.
 */
export function authContext(): AppMiddleware {
  return async (ctx, next) => {
    ctx.state.auth = null;
    const userId = ctx.path.startsWith('/api/') ? ctx.session?.userId : undefined;
    if (userId) {
      const result = await loadAuth(ctx.deps.knex, userId);
      if (typeof result === 'string') {
        ctx.session = null;
        ctx.state.authRejection = result;
      } else {
        ctx.state.auth = result;
      }
    }
    await next();
  };
}

/** What every domain function receives: the database, who is acting, and the server clock. */
export type DomainCtx = {
  db: Knex;
  auth: Auth;
  now: string;
  log: Logger;
};

/** For domain calls made before anyone is logged in (register, login). */
export type PublicCtx = Omit<DomainCtx, 'auth'> & { ip: string };

export function domainCtx(ctx: AppContext): DomainCtx {
  const auth = ctx.state.auth;
  if (!auth) throw new Error('domainCtx() used on a route without requireAuth');
  return { db: ctx.deps.knex, auth, now: new Date().toISOString(), log: ctx.state.log };
}

export function publicCtx(ctx: AppContext): PublicCtx {
  return { db: ctx.deps.knex, now: new Date().toISOString(), log: ctx.state.log, ip: ctx.ip };
}
