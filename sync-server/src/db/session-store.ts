import type { Knex } from 'knex';
import { dialectOf } from './knex';

type StoreOpts = {
  /** How often expired rows are deleted (ms); 0 disables the timer. */
  cleanupEveryMs?: number;
  /** A rolling touch that moves the expiry by less than this is skipped, to spare a write per request. */
  touchThrottleMs?: number;
  now?: () => number;
  onError?: (err: unknown) => void;
};

type LoadedMeta = { sid: string; expiresAt: number };
const LOADED = Symbol('casa.session.loaded');
const AUTH_ROW = Symbol('casa.session.authRow');
type CtxWithMeta = { [LOADED]?: LoadedMeta; [AUTH_ROW]?: SessionAuthRow } | undefined;

/** The session's user and organization as read together with the session (null columns: no such user). */
export type SessionAuthRow = {
  user_id: string | null;
  organization_id: string | null;
  role: string | null;
  status: string | null;
  is_super_admin: boolean | number | null;
  organization_status: string | null;
  change_seq: number | string | null;
  session_generation: number | string | null;
};

/**
 * The session row and, in the same statement, the user it names and that user's organization (what
 * http/context.ts needs to build the auth): one query per request instead of two. The user id lives in
 * the JSON `data`; on Postgres a non-uuid value joins nothing instead of failing the cast.
 */
function sessionWithAuthSql(knex: Knex): string {
  const userId =
    dialectOf(knex) === 'pg'
      ? "CASE WHEN (s.data::jsonb ->> 'userId') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN (s.data::jsonb ->> 'userId')::uuid END"
      : "json_extract(CASE WHEN json_valid(s.data) THEN s.data END, '$.userId')";
  return `SELECT s.data, s.expires_at, u.id AS user_id, u.organization_id, u.role, u.status, u.is_super_admin,
      u.session_generation, o.status AS organization_status, o.change_seq
    FROM sessions s
    LEFT JOIN users u ON u.id = ${userId}
    LEFT JOIN organizations o ON o.id = u.organization_id
    WHERE s.sid = ?`;
}

/** The auth row the store read with this request's session (once: it is handed out and forgotten). */
export function takeSessionAuthRow(ctx: unknown): SessionAuthRow | undefined {
  const holder = ctx as CtxWithMeta;
  const row = holder?.[AUTH_ROW];
  if (holder && row) delete holder[AUTH_ROW];
  return row;
}

/**
 * koa-session external store on the `sessions` table (sid, data JSON text, expires_at ms), so every
 * process behind a load balancer shares sessions. Expired rows are ignored on read and swept
 * periodically.
 */
export class KnexSessionStore {
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;
  private readonly touchThrottleMs: number;
  private readonly getSql: string;

  constructor(
    private readonly knex: Knex,
    private readonly opts: StoreOpts = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.touchThrottleMs = opts.touchThrottleMs ?? 10 * 60 * 1000;
    this.getSql = sessionWithAuthSql(knex);
    const every = opts.cleanupEveryMs ?? 15 * 60 * 1000;
    if (every > 0) {
      this.timer = setInterval(() => {
        this.cleanup().catch((err: unknown) => opts.onError?.(err));
      }, every);
      this.timer.unref();
    }
  }

  async get(
    sid: string,
    _maxAge: number,
    { ctx }: { ctx?: unknown } = {},
  ): Promise<Record<string, unknown> | null> {
    const result = (await this.knex.raw(this.getSql, [sid])) as unknown;
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<
      SessionAuthRow & { data: unknown; expires_at: unknown }
    >;
    const row = rows[0];
    if (!row) return null;
    const expiresAt = Number(row.expires_at);
    if (expiresAt <= this.now()) {
      await this.knex('sessions').where({ sid }).delete();
      return null;
    }
    if (ctx) {
      const holder = ctx as NonNullable<CtxWithMeta>;
      holder[LOADED] = { sid, expiresAt };
      if (row.user_id !== null && row.user_id !== undefined) holder[AUTH_ROW] = row;
    }
    try {
      return JSON.parse(String(row.data)) as Record<string, unknown>;
    } catch {
      return null;
    }
  }

  async set(
    sid: string,
    session: Record<string, unknown>,
    maxAge: number,
    { changed, ctx }: { changed?: boolean; rolling?: boolean; ctx?: unknown } = {},
  ): Promise<void> {
    const expiresAt = this.now() + (typeof maxAge === 'number' ? maxAge : 24 * 60 * 60 * 1000);
    const loaded = (ctx as CtxWithMeta)?.[LOADED];
    if (!changed && loaded?.sid === sid && expiresAt - loaded.expiresAt < this.touchThrottleMs) return;
    const data = JSON.stringify(session);
    await this.knex('sessions')
      .insert({ sid, data, expires_at: expiresAt })
      .onConflict('sid')
      .merge({ data, expires_at: expiresAt });
    if (ctx) (ctx as { [LOADED]?: LoadedMeta })[LOADED] = { sid, expiresAt };
  }

  /**
   * Whether the session `get` loaded for this request is due its rolling touch (a save of it would move the
   * expiry by `touchThrottleMs` or more, so `set` would write): http/session.ts saves it, and re-sends the
   * cookie, only then.
   */
  rollingDue(ctx: unknown, maxAge: number): boolean {
    const loaded = (ctx as CtxWithMeta)?.[LOADED];
    return loaded !== undefined && this.now() + maxAge - loaded.expiresAt >= this.touchThrottleMs;
  }

  async destroy(sid: string): Promise<void> {
    await this.knex('sessions').where({ sid }).delete();
  }

  /** Deletes expired rows; returns how many went. */
  async cleanup(): Promise<number> {
    return this.knex('sessions').where('expires_at', '<=', this.now()).delete();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
