import type { Knex } from 'knex';
import { ACTED_AT_HEADER, boundedActedAt, ROLES, SYNC_LIVE_PATH, type Role } from '@casa/shared-schema';
import { takeSessionAuthRow } from '../db/session-store';
import { actedAt, type DomainCtx, type PublicCtx } from '../lib/domain-context';
import type { AppContext, AppMiddleware, Auth } from './types';

type AuthRow = {
  id: string;
  organization_id: string | null;
  role: string;
  status: string;
  is_super_admin: boolean | number;
  organization_status: string | null;
  change_seq?: number | string | null;
  session_generation?: number | string | null;
};

/** Why a session no longer grants access; `suspended` makes the audience guard (http/route.ts) answer 403 instead of 401. */
export type AuthRejection = 'suspended' | 'gone';

function authFromRow(row: AuthRow): Auth | AuthRejection {
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

async function readAuthRow(db: Knex, userId: string): Promise<AuthRow | undefined> {
  return (await db('users')
    .leftJoin('organizations', 'organizations.id', 'users.organization_id')
    .where('users.id', userId)
    .first(
      'users.id',
      'users.organization_id',
      'users.role',
      'users.status',
      'users.is_super_admin',
      'users.session_generation',
      'organizations.status as organization_status',
      'organizations.change_seq',
    )) as AuthRow | undefined;
}

export async function loadAuth(db: Knex, userId: string): Promise<Auth | AuthRejection> {
  const row = await readAuthRow(db, userId);
  return row ? authFromRow(row) : 'gone';
}

/**
 * The auth row of this request: the one the session store read in the same statement as the session
 * (db/session-store.ts), else read now.
 */
async function authRowOf(ctx: AppContext, userId: string): Promise<AuthRow | undefined> {
  const joined = takeSessionAuthRow(ctx);
  if (joined && joined.user_id === userId) {
    return {
      id: joined.user_id,
      organization_id: joined.organization_id,
      role: joined.role ?? '',
      status: joined.status ?? '',
      is_super_admin: joined.is_super_admin ?? false,
      organization_status: joined.organization_status,
      change_seq: joined.change_seq,
      session_generation: joined.session_generation,
    };
  }
  return readAuthRow(ctx.deps.knex, userId);
}

/** The users.session_generation a session was opened in (sessions older than this column: 0). */
export function sessionGenerationOf(session: { generation?: unknown } | null | undefined): number {
  const value = Number(session?.generation ?? 0);
  return Number.isSafeInteger(value) ? value : -1;
}

/**
 * Builds `ctx.state.auth` from the session only, re-reading the user (and organization) on every
 * request — with the session, in one query — so that a suspension or a role change applies at once.
 * A suspended or vanished user's session is destroyed here; routes that need a user then answer 403
 * (suspended) or 401. Also keeps the organization's change_seq as read then (`ctx.state.changeSeq`).
 */
export function authContext(): AppMiddleware {
  return async (ctx, next) => {
    ctx.state.auth = null;
    const userId = ctx.path.startsWith('/api/') ? ctx.session?.userId : undefined;
    if (userId) {
      const row = await authRowOf(ctx, userId);
      // A session opened before the user's password changed (or was reset) is over (issue 17).
      const current = row && sessionGenerationOf(ctx.session) === Number(row.session_generation ?? 0);
      const result = row && current ? authFromRow(row) : 'gone';
      if (typeof result === 'string') {
        // The one answer that tells a suspended user why (403 'suspensa', then /login?suspended=true) ends
        // the session. An EventSource cannot read an answer's status, so the live stream never takes that
        // answer: the device's next pull does (the e2e suspension journey raced the two).
        if (!(result === 'suspended' && ctx.path === SYNC_LIVE_PATH)) ctx.session = null;
        ctx.state.authRejection = result;
      } else {
        ctx.state.auth = result;
        const seq = Number(row?.change_seq);
        if (row?.change_seq !== null && row?.change_seq !== undefined && Number.isSafeInteger(seq)) {
          ctx.state.changeSeq = seq;
        }
      }
    }
    await next();
  };
}

// The types live under db/ and lib/ (lib/domain-context.ts); the routes keep importing them from here.
export { actedAt, type DomainCtx, type PublicCtx };

export function domainCtx(ctx: AppContext): DomainCtx {
  const auth = ctx.state.auth;
  if (!auth) throw new Error('domainCtx() used on a public route');
  const now = new Date().toISOString();
  const claimed = ctx.get(ACTED_AT_HEADER);
  return {
    db: ctx.deps.knex,
    auth,
    now,
    ...(claimed ? { actedAt: boundedActedAt(claimed, now) } : {}),
    log: ctx.state.log,
    ...(ctx.state.changeSeq !== undefined ? { changeSeq: ctx.state.changeSeq } : {}),
  };
}

export function publicCtx(ctx: AppContext): PublicCtx {
  const { env } = ctx.deps;
  return {
    db: ctx.deps.knex,
    now: new Date().toISOString(),
    log: ctx.state.log,
    ip: ctx.ip,
    limits: {
      loginFailuresPerAddress: env.LOGIN_MAX_FAILURES_PER_ADDRESS,
      signupsPerAddress: env.SIGNUP_MAX_PER_ADDRESS,
    },
  };
}
