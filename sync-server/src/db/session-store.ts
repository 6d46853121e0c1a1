import type { Knex } from 'knex';

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
type CtxWithMeta = { [LOADED]?: LoadedMeta } | undefined;

/**
 * koa-session external store on the `sessions` table (sid, data JSON text, expires_at ms), so every
 * process behind a load balancer shares sessions. Expired rows are ignored on read and swept
 * periodically.
 */
export class KnexSessionStore {
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;
  private readonly touchThrottleMs: number;

  constructor(
    private readonly knex: Knex,
    private readonly opts: StoreOpts = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.touchThrottleMs = opts.touchThrottleMs ?? 10 * 60 * 1000;
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
    const row = await this.knex('sessions').where({ sid }).first('data', 'expires_at');
    if (!row) return null;
    const expiresAt = Number(row.expires_at);
    if (expiresAt <= this.now()) {
      await this.knex('sessions').where({ sid }).delete();
      return null;
    }
    if (ctx) (ctx as { [LOADED]?: LoadedMeta })[LOADED] = { sid, expiresAt };
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
