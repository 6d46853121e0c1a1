import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { publishSignal } from '../../db/change-notify';
import { SESSION_COOKIE } from '../../http/session';
import type { AppContext, AppDeps } from '../../http/types';
import { openLiveFeed, type LiveFeed } from './live-feed';
import { LiveHub, type LiveConnection } from './live-hub';

/** This process's live streams and the change feed behind them (opened with the first stream). */
export type LiveService = {
  hub: LiveHub;
  add(connection: LiveConnection): () => void;
  /** Ends the streams of one session on every process (logout). */
  endSession(sid: string): Promise<void>;
  close(): void;
};

/** The signed session id of this request (koa-session keeps it in the cookie), or undefined. */
export function sessionIdOf(ctx: AppContext): string | undefined {
  return ctx.cookies.get(SESSION_COOKIE, { signed: true }) || undefined;
}

/** What a logout publishes and a stream is filed under: never the session id itself. */
export const sessionKeyOf = (sid: string) => createHash('sha256').update(sid).digest('hex').slice(0, 32);

const SID_CHUNK = 500;

async function liveSessions(knex: Knex, sids: string[]): Promise<Set<string>> {
  const alive = new Set<string>();
  for (let i = 0; i < sids.length; i += SID_CHUNK) {
    const rows = (await knex('sessions')
      .whereIn('sid', sids.slice(i, i + SID_CHUNK))
      .where('expires_at', '>', Date.now())
      .select('sid')) as Array<{ sid: string }>;
    for (const row of rows) alive.add(row.sid);
  }
  return alive;
}

const services = new WeakMap<AppDeps, LiveService>();

/** The live service of an app (one per createApp's deps, so tests' apps never share one). */
export function liveOf(deps: AppDeps): LiveService {
  let service = services.get(deps);
  if (service) return service;
  const { knex, logger } = deps;
  const hub = new LiveHub({
    liveSessions: (sids) => liveSessions(knex, sids),
    onError: (err) => logger.warn({ err }, 'live: session check failed'),
  });
  let feed: LiveFeed | null = null;
  let closed = false;
  service = {
    hub,
    add(connection) {
      if (closed) return hub.add(connection); // a closed hub ends it at once
      feed ??= openLiveFeed(knex, logger, {
        signal: (signal) => hub.handle(signal),
        resumed: () => hub.pokeAll(),
      });
      return hub.add(connection);
    },
    async endSession(sid) {
      await publishSignal(knex, { kind: 'end', sessionKey: sessionKeyOf(sid) });
    },
    close() {
      closed = true;
      hub.close();
      feed?.close();
      feed = null;
    },
  };
  services.set(deps, service);
  return service;
}
