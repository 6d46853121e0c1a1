import type { Role } from '@casa/shared-schema';
import { ReplicaDb, replicaDbName } from '../db';
import { createMutators, type Mutators } from '../mutators';
import type { PageWriter } from '../page-writer';
import { SyncEngine, type SyncEnvironment } from '../sync-engine';
import type { ReplicaSession } from '../session';
import { FakeTransport } from './fake-transport';
import { FakeSyncServer } from './fake-sync-server';
import { AGENT, ORG } from './fixtures';
import type { SyncTransport } from '../transport';

/** Timers that never fire by themselves: the tests drive the loop with syncNow(). */
export const manualTimers: SyncEnvironment['timers'] = {
  setTimeout: () => null,
  clearTimeout: () => undefined,
  setInterval: () => null,
  clearInterval: () => undefined,
};

export type Device = {
  name: string;
  session: ReplicaSession;
  db: ReplicaDb;
  transport: FakeTransport;
  engine: SyncEngine;
  mutate: Mutators;
  /** The app is killed: the engine is dropped, IndexedDB stays. A new engine and mutators open it. */
  crash(): Promise<void>;
};

let counter = 0;

/**
 * A simulated device: its own IndexedDB database (fake-indexeddb), engine and transport. `transport`
 * may be replaced (the lead's run against the real server process passes an HTTP one).
 */
export async function createDevice(
  server: FakeSyncServer,
  userId: string,
  opts: {
    role?: Role;
    dbName?: string;
    transport?: SyncTransport;
    pullLimit?: number;
    /** Where its pulled pages are written (the engine's own thread unless given). */
    writer?: (db: ReplicaDb) => PageWriter;
  } = {},
): Promise<Device> {
  counter += 1;
  const session: ReplicaSession = {
    userId,
    organizationId: server.organizationId,
    role: opts.role ?? 'agent',
  };
  const name = opts.dbName ?? `${replicaDbName(userId)}-${counter}-${Math.random().toString(36).slice(2)}`;
  const transport = new FakeTransport(server, userId);
  const device = { name, session, transport } as Device;
  const wire = () => {
    device.db = new ReplicaDb(name);
    device.engine = new SyncEngine({
      db: device.db,
      transport: opts.transport ?? transport,
      session: () => device.session,
      pullLimit: opts.pullLimit,
      env: { isOnline: () => !transport.offline, timers: manualTimers },
      writer: opts.writer?.(device.db),
    });
    device.mutate = createMutators({ db: device.db, session: () => device.session });
  };
  wire();
  device.crash = async () => {
    device.engine.stop();
    device.db.close();
    wire();
    await device.db.open();
  };
  await device.db.open();
  return device;
}

/** The fixtures' agent (AGENT of ORG) on a device of a new fake server: the start of most one-device tests. */
export async function agentDevice(): Promise<Device> {
  const server = new FakeSyncServer(ORG);
  server.addMember(AGENT);
  return createDevice(server, AGENT);
}
