import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Role } from '@casa/shared-schema';

/*
 * The context every domain function receives, as types: under the HTTP layer and the features, so db/
 * and lib/ may name it (docs/boundaries.md). http/context.ts builds it from a request.
 */

/** Built from the session only (http/context.ts builds it), re-read from the users row on every request. */
export type Auth = {
  userId: string;
  organizationId: string | null;
  role: Role;
  isSuperAdmin: boolean;
};

/** What every domain function receives: the database, who is acting, and the server clock. */
export type DomainCtx = {
  db: Knex;
  auth: Auth;
  now: string;
  /**
   * When the user acted (shared-schema sync/acted-at.ts), already bounded: a push mutation's `actedAt`, a
   * REST write's `Acted-At` header; absent means `now`. Read it with `actedAt(ctx)` for the domain's own
   * times (calledAt, completedAt, readAt, a new row's created_at); `now` stays for updated_at, the change
   * log and the audit.
   */
  actedAt?: string;
  log: Logger;
  /**
   * The organization's change_seq read with the auth at the start of the request (absent outside HTTP).
   * Every replicated write bumps it, so read caches may key on it (features/stats/stats-cache.ts).
   */
  changeSeq?: number;
};

/** For domain calls made before anyone is logged in (register, login). */
export type PublicCtx = Omit<DomainCtx, 'auth'> & {
  ip: string;
  /** Per-address limits of the public account routes (env.ts). */
  limits: { loginFailuresPerAddress: number; signupsPerAddress: number };
};

/** The moment the user acted, for the domain's own times: the bounded claim, else the server's time. */
export const actedAt = (ctx: Pick<DomainCtx, 'now' | 'actedAt'>): string => ctx.actedAt ?? ctx.now;
