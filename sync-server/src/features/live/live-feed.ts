import type { Knex } from 'knex';
import pg from 'pg';
import type { Logger } from 'pino';
import { decodeSignal, LIVE_CHANNEL, localBus, type LiveSignal } from '../../db/change-notify';
import { dialectOf } from '../../db/knex';

export type LiveFeed = { close(): void };

type FeedHandlers = {
  signal(signal: LiveSignal): void;
  /** The feed was interrupted and is back: signals in between are lost, every stream should pull. */
  resumed(): void;
};

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 15_000;

/**
 * This process's subscription to the change signals (db/change-notify.ts). PostgreSQL: ONE dedicated
 * connection per process (outside knex's pool) that LISTENs on the channel, reconnecting with backoff;
 * SQLite: the in-memory bus of the database.
 */
export function openLiveFeed(knex: Knex, log: Logger, on: FeedHandlers): LiveFeed {
  const onPayload = (payload: string) => {
    const signal = decodeSignal(payload);
    if (signal) on.signal(signal);
  };
  if (dialectOf(knex) !== 'pg') {
    const bus = localBus(knex);
    bus.on(LIVE_CHANNEL, onPayload);
    return { close: () => void bus.off(LIVE_CHANNEL, onPayload) };
  }

  const connection = knex.client.config.connection as pg.ClientConfig;
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | null = null;

  const connect = async () => {
    const next = new pg.Client({ connectionString: connection.connectionString });
    client = next;
    const lost = (err?: unknown) => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (closed) return;
      if (err) log.warn({ err }, 'live feed: LISTEN connection lost; reconnecting');
      failures += 1;
      const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** (failures - 1));
      retry = setTimeout(() => void connect(), delay);
      retry.unref();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (msg) => {
      if (msg.channel === LIVE_CHANNEL && msg.payload) onPayload(msg.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${LIVE_CHANNEL}`);
      if (closed) return void next.end().catch(() => undefined);
      if (failures > 0) on.resumed();
      failures = 0;
    } catch (err) {
      lost(err);
    }
  };
  void connect();

  return {
    close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      void current?.end().catch(() => undefined);
    },
  };
}
