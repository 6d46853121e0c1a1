import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import { dialectOf } from './knex';

/**
 * Live pokes (docs/sync.md, "Live pokes"): a committed write of an organization's change log is announced
 * so that the devices of that organization pull at once. The announcement carries no data, only who
 * should pull: `c:<organizationId>` (every member) or `c:<organizationId>:<userId>` (a private row:
 * one user's notification, settings or preferences). `e:<key>` ends the live streams of one session
 * (logout). On PostgreSQL it travels by NOTIFY on this channel, delivered by the database to every
 * process at commit (and never after a rollback); on SQLite (one process) by an in-memory bus.
 */
export const LIVE_CHANNEL = 'casa_live';

export type LiveSignal =
  { kind: 'change'; organizationId: string; userId: string | null } | { kind: 'end'; sessionKey: string };

export function encodeSignal(signal: LiveSignal): string {
  if (signal.kind === 'end') return `e:${signal.sessionKey}`;
  return signal.userId ? `c:${signal.organizationId}:${signal.userId}` : `c:${signal.organizationId}`;
}

export function decodeSignal(payload: string): LiveSignal | null {
  const [kind, a, b] = payload.split(':');
  if (kind === 'e' && a) return { kind: 'end', sessionKey: a };
  if (kind === 'c' && a) return { kind: 'change', organizationId: a, userId: b || null };
  return null;
}

/** One bus per database (keyed by the knex config object, shared by its transactions), SQLite only. */
const buses = new WeakMap<object, EventEmitter>();

export function localBus(db: Knex | Knex.Transaction): EventEmitter {
  const key = db.client.config as object;
  let bus = buses.get(key);
  if (!bus) {
    bus = new EventEmitter();
    bus.setMaxListeners(0);
    buses.set(key, bus);
  }
  return bus;
}

/** Payloads already announced by a transaction: a push of 200 mutations sends one NOTIFY, not 200. */
const announced = new WeakMap<Knex.Transaction, Set<string>>();

type TrxWithParent = Knex.Transaction & {
  parentTransaction?: TrxWithParent;
  executionPromise?: Promise<unknown>;
};

function rootOf(trx: TrxWithParent): TrxWithParent {
  let root = trx;
  while (root.parentTransaction) root = root.parentTransaction;
  return root;
}

/**
 * Announces, inside the writer's transaction, that `organizationId`'s log advanced for `userIds` (null:
 * every member). Postgres: `pg_notify` in the transaction, so it is sent at commit only. SQLite: emitted
 * when the outermost transaction commits (knex's execution promise), dropped on rollback.
 */
export async function announceChanges(
  trx: Knex.Transaction,
  organizationId: string,
  userIds: ReadonlySet<string | null>,
): Promise<void> {
  const pg = dialectOf(trx) === 'pg';
  const owner = pg ? trx : rootOf(trx);
  let seen = announced.get(owner);
  if (!seen) announced.set(owner, (seen = new Set()));
  const fresh: string[] = [];
  for (const userId of userIds) {
    const payload = encodeSignal({ kind: 'change', organizationId, userId });
    if (!seen.has(payload)) fresh.push(payload);
    seen.add(payload);
  }
  if (fresh.length === 0) return;
  if (pg) {
    for (const payload of fresh) await trx.raw('select pg_notify(?, ?)', [LIVE_CHANNEL, payload]);
    return;
  }
  const bus = localBus(trx);
  const root = owner as TrxWithParent;
  void root.executionPromise?.then(
    () => setImmediate(() => fresh.forEach((payload) => bus.emit(LIVE_CHANNEL, payload))),
    () => undefined,
  );
}

/** Sends a signal outside any transaction (the end of a session). */
export async function publishSignal(knex: Knex, signal: LiveSignal): Promise<void> {
  const payload = encodeSignal(signal);
  if (dialectOf(knex) === 'pg') await knex.raw('select pg_notify(?, ?)', [LIVE_CHANNEL, payload]);
  else localBus(knex).emit(LIVE_CHANNEL, payload);
}
