import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { SYNC_TABLES, type MutationError, type SyncTable } from '@casa/shared-schema';
import { createApiClient } from '../../../../web/src/lib/api';
import { httpTransport } from '../../../../web/src/data/http-transport';
import { ReplicaDb } from '../../../../web/src/data/db';
import { queueMutation, type MutatorDeps } from '../../../../web/src/data/mutators';
import { MutationRejection } from '@casa/shared-schema/mutators';
import { SyncEngine } from '../../../../web/src/data/sync-engine';
import { manualTimers } from '../../../../web/src/data/testing/device';
import { replicaState } from '../../../../web/src/data/testing/fixtures';
import type { ReplicaSession } from '../../../../web/src/data/session';
import { createMember, TEST_PASSWORD } from '../../../test/factories';
import type { TestServer } from '../../../test/server';
import { argsFor, type Step, type View } from './sync.equivalence.args';
import { buildStartState, insertStartState } from './sync.equivalence.start';
import { alreadyGone } from './sync-mutations';
import { cookieFetch, Device } from './sync.testkit';

type Row = Record<string, unknown>;
type Outcome = { status: 'applied' } | { status: 'rejected'; error: MutationError };

/**
 * What may differ between the device's optimistic row and the server's, and why. Keep it short: every
 * other field of every row must be equal (docs/sync.md, "Device and server agree").
 */
const IGNORED: Partial<Record<SyncTable | '*', readonly string[]>> = {
  // The time of the write: the device's clock when queued, the server's when applied (docs/sync.md).
  '*': ['updatedAt'],
  // Tag links and memberships are named by the server (ApplyCtx.newId): matched by their natural key.
  clientTags: ['id'],
  campaignClients: ['id'],
};
const KEY_OF: Partial<Record<SyncTable, (row: Row) => string>> = {
  clientTags: (r) => `${String(r.clientId)}+${String(r.tagId)}`,
  campaignClients: (r) => `${String(r.campaignId)}+${String(r.clientId)}`,
};

/** JSON with sorted object keys, so {a,b} and {b,a} compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Row).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** Every difference, as `table/rowKey.field: device=… server=…`; [] when the two states agree. */
export function compareStates(device: View, server: View): string[] {
  const out: string[] = [];
  for (const table of SYNC_TABLES) {
    const ignored = new Set([...(IGNORED['*'] ?? []), ...(IGNORED[table] ?? [])]);
    const key = KEY_OF[table] ?? ((r: Row) => String(r.id));
    const serverRows = new Map(server[table].map((r) => [key(r), r]));
    const deviceRows = new Map(device[table].map((r) => [key(r), r]));
    for (const [id, d] of deviceRows) {
      const s = serverRows.get(id);
      if (!s) {
        out.push(`${table}/${id}: only on the device`);
        continue;
      }
      for (const field of new Set([...Object.keys(d), ...Object.keys(s)])) {
        if (ignored.has(field) || canonical(d[field]) === canonical(s[field])) continue;
        out.push(`${table}/${id}.${field}: device=${canonical(d[field])} server=${canonical(s[field])}`);
      }
    }
    for (const id of serverRows.keys())
      if (!deviceRows.has(id)) out.push(`${table}/${id}: only on the server`);
  }
  return out;
}

function compareOutcomes(device: Outcome, server: Outcome): string[] {
  if (canonical(device) === canonical(server)) return [];
  return [`outcome: device=${canonical(device)} server=${canonical(server)}`];
}

/** How often each mutation was applied or refused (FC_STATS: shows that both kinds of step occur). */
export const outcomes = new Map<string, number>();

/** A fresh organization with the random start state, its agent's device holding the full pull. */
export async function startRun(server: TestServer, seed: number) {
  const { organization, user } = await createMember(server.knex, 'agent');
  await insertStartState(server.knex, buildStartState(seed, organization.id, user.id, new Date()));
  const http = await server.loginAs(user.email, TEST_PASSWORD);
  const session: ReplicaSession = { userId: user.id, organizationId: organization.id, role: 'agent' };
  const db = new ReplicaDb(`casa-equivalence-${randomUUID()}`);
  const api = () =>
    createApiClient({
      fetch: cookieFetch(server.url, () => http),
      getCookie: (name) => http.cookies.get(name),
      onSuspended: () => undefined,
    });
  const engineOf = (replica: ReplicaDb) =>
    new SyncEngine({
      db: replica,
      transport: httpTransport(api()),
      session: () => session,
      env: { isOnline: () => true, timers: manualTimers },
    });
  const engine = engineOf(db);
  const deps: MutatorDeps = { db, session: () => session };
  /** Pushes a device-refused mutation as it is, to hear the server's answer (its own outbox numbering). */
  const raw = new Device(http);
  const sync = async () => {
    await engine.syncNow();
    const { error } = engine.state.get();
    if (error) throw new Error(`sync failed: ${error}`);
  };
  await db.open();
  await sync();
  let steps = 0;

  /** Runs one step on both sides; answers its differences ([] when the device and the server agree). */
  let before = await replicaState(db);
  async function step(s: Step): Promise<string[]> {
    const me = before.users.find((u) => u.id === user.id) ?? {};
    const args = argsFor(s, before, me, `${organization.id}/${(steps += 1)}`);
    let device: Outcome = { status: 'applied' };
    try {
      await queueMutation(deps, s.name, args);
    } catch (err) {
      if (!(err instanceof MutationRejection)) throw err;
      device = { status: 'rejected', error: err.toMutationError() };
    }
    const optimistic = await replicaState(db);
    let serverOutcome: Outcome = { status: 'applied' };
    if (device.status === 'applied') {
      const rejected = await db.rejected.count();
      await sync();
      const refused = await db.rejected.orderBy('mutationId').last();
      if ((await db.rejected.count()) > rejected && refused)
        serverOutcome = { status: 'rejected', error: refused.error };
    } else {
      // Deletes are idempotent on the server (docs/sync.md): a removal of a row already deleted there counts as
      // applied, while the device, which keeps no deleted rows, refuses it before it is ever sent. The same
      // answer in the only place it can differ: a 404 the device gives for a row the server knows as deleted.
      const gone =
        device.error?.status === 404 && (await alreadyGone(server.knex, organization.id, s.name, args));
      const [result] = (await raw.push([raw.mutation(s.name, args)])).results;
      if (result?.status === 'rejected' && result.error)
        serverOutcome = { status: 'rejected', error: result.error };
      else if (gone) serverOutcome = device;
      await sync();
    }
    const tally = `${s.name}:${device.status}`;
    outcomes.set(tally, (outcomes.get(tally) ?? 0) + 1);
    before = await replicaState(db);
    const found = [...compareOutcomes(device, serverOutcome), ...compareStates(optimistic, before)];
    return found.map((line) => `${s.name} ${canonical(args)}\n  ${line}`);
  }

  /** The device's replica against a fresh device's full snapshot of the server. */
  async function snapshotDiff(): Promise<string[]> {
    const fresh = new ReplicaDb(`casa-equivalence-${randomUUID()}`);
    await fresh.open();
    const freshEngine = engineOf(fresh);
    try {
      await freshEngine.syncNow();
      return compareStates(await replicaState(db), await replicaState(fresh)).map((l) => `snapshot: ${l}`);
    } finally {
      freshEngine.stop();
      await fresh.delete();
    }
  }

  async function close() {
    engine.stop();
    await db.delete();
  }

  return { step, snapshotDiff, close };
}
