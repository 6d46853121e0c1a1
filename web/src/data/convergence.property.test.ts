import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeSyncServer } from './testing/fake-sync-server';
import { createDevice, type Device } from './testing/device';
import { AGENT, AGENT2, ORG, replicaState } from './testing/fixtures';
import { MutationRejection } from '@casa/shared-schema/mutators';
import { getMeta } from './meta';

/*
 * Convergence of 2–4 devices under faults (offline, lost requests and responses, crashes, compaction,
 * role changes): every replica ends equal to the server, every outbox drained, every mutation applied
 * once. The server here is in-process (testing/fake-sync-server.ts) and its domain IS the device's own
 * effects, so this proves the sync engine (push, pull, rebase, replay), not that the device and the
 * server compute the same rows: that is sync-server/src/features/sync/sync.equivalence.property.test.ts
 * (docs/sync.md, "Device and server agree").
 */
type Op =
  | { kind: 'write'; device: number; action: number; pick: number; text: string }
  | { kind: 'sync'; device: number }
  | { kind: 'syncAll' }
  | { kind: 'offline'; device: number; offline: boolean }
  | { kind: 'loseRequest'; device: number }
  | { kind: 'loseResponse'; device: number }
  | { kind: 'serverDown' }
  | { kind: 'serverUp' }
  | { kind: 'crash'; device: number }
  | { kind: 'compact' }
  | { kind: 'notify'; user: number }
  | { kind: 'role'; user: number; role: 'agent' | 'viewer' };

const device = fc.nat({ max: 3 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('write' as const),
      device,
      action: fc.nat({ max: 10 }),
      pick: fc.nat(),
      text: fc.string({ maxLength: 8 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('sync' as const), device }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'syncAll' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('offline' as const), device, offline: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('loseRequest' as const), device }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('loseResponse' as const), device }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'serverDown' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'serverUp' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('crash' as const), device }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'compact' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('notify' as const), user: fc.nat({ max: 1 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('role' as const),
      user: fc.nat({ max: 1 }),
      role: fc.constantFrom('agent' as const, 'viewer' as const),
    }),
  },
);

const USERS = [AGENT, AGENT2];
const pickOf = <T>(rows: T[], pick: number): T | undefined =>
  rows.length ? rows[pick % rows.length] : undefined;

/** One random local write on whatever the device currently sees. */
async function write(d: Device, op: Extract<Op, { kind: 'write' }>) {
  const clients = (await d.db.clients.orderBy('id').toArray()).filter((c) => !c.deletedAt);
  const client = pickOf(clients, op.pick);
  const m = d.mutate;
  if (!client) return m.createClient({ name: `C ${op.text}`, type: 'Vendedor', phone: '912345678' });
  switch (op.action) {
    case 0:
    case 1:
      return m.createClient({ name: `C ${op.text}`, type: 'Vendedor', phone: '912345678' });
    case 2:
      return client && m.updateClient({ id: client.id, rating: op.pick % 6, notes: op.text });
    case 3:
      return client && m.deleteClient({ id: client.id });
    case 4:
      return client && m.addInteraction({ clientId: client.id, type: 'Email', summary: op.text });
    case 5:
      return (
        client &&
        m.createFollowUp({
          clientId: client.id,
          title: `F ${op.text}`,
          type: 'Telefonar',
          scheduledDate: '2026-11-23T10:00:00Z',
        })
      );
    case 6: {
      const open = (await d.db.followUps.orderBy('id').toArray()).filter((f) => !f.completed);
      const fu = pickOf(open, op.pick);
      return (
        fu &&
        m.completeFollowUp({
          id: fu.id,
          completionComment: op.text,
          nextFollowUp: op.pick % 2 ? { scheduledDate: '2026-11-30T10:00:00Z' } : null,
        })
      );
    }
    case 7:
      return (
        client &&
        m.logColdCall({
          clientId: client.id,
          result: 'Interessado',
          followUp: op.pick % 2 ? { scheduledDate: '2026-11-24T10:00:00Z' } : null,
        })
      );
    case 8: {
      const tags = await d.db.tags.orderBy('id').toArray();
      if (!client || tags.length === 0 || op.pick % 3 === 0) return m.createTag({ name: `T${op.pick % 4}` });
      return m.setClientTags({
        clientId: client.id,
        tagIds: tags.filter((_, i) => (op.pick >> i) & 1).map((t) => t.id),
      });
    }
    case 9:
      // The list generator: members computed on the device, replaced by the server's after the pull.
      return m.createCampaign({
        name: `Campanha ${op.text}`,
        filters: op.pick % 2 ? { clientType: 'Vendedor' } : { lastContactDays: 30 },
        targetCount: 1 + (op.pick % 3),
      });
    default: {
      const unread = (await d.db.notifications.orderBy('id').toArray()).filter((n) => !n.read);
      const n = pickOf(unread, op.pick);
      return op.pick % 5 === 0 ? m.markAllNotificationsRead() : n && m.markNotificationRead({ id: n.id });
    }
  }
}

async function run(deviceCount: number, ops: Op[]) {
  const server = new FakeSyncServer(ORG);
  USERS.forEach((u) => server.addMember(u));
  const devices: Device[] = [];
  for (let i = 0; i < deviceCount; i += 1)
    devices.push(await createDevice(server, USERS[i % 2]!, { pullLimit: 7 }));
  let notifications = 0;
  try {
    for (const op of ops) {
      const d = 'device' in op ? devices[op.device % deviceCount]! : undefined;
      switch (op.kind) {
        case 'write':
          try {
            await write(d!, op);
          } catch (err) {
            if (!(err instanceof MutationRejection)) throw err;
          }
          break;
        case 'sync':
          await d!.engine.syncNow();
          break;
        case 'syncAll':
          await Promise.all(devices.map((x) => x.engine.syncNow()));
          break;
        case 'offline':
          d!.transport.offline = op.offline;
          break;
        case 'loseRequest':
          d!.transport.dropRequests += 1;
          break;
        case 'loseResponse':
          d!.transport.dropResponses += 1;
          break;
        case 'serverDown':
          server.down = true;
          break;
        case 'serverUp':
          server.restart();
          break;
        case 'crash':
          await d!.crash();
          break;
        case 'compact':
          server.compact();
          break;
        case 'role':
          // The server refuses the user's CRM writes from now on; the devices still believe they may write.
          server.setRole(USERS[op.user]!, op.role);
          break;
        case 'notify': {
          notifications += 1;
          const now = new Date().toISOString();
          server.write('notifications', {
            id: crypto.randomUUID(),
            organizationId: ORG,
            userId: USERS[op.user]!,
            type: 'system',
            title: `N${notifications}`,
            body: null,
            read: false,
            readAt: null,
            data: null,
            createdAt: now,
            updatedAt: now,
            deletedAt: null,
          });
          break;
        }
      }
    }

    // Reconnect everything, then sync every device twice (the second round brings the others' writes).
    server.restart();
    for (const d of devices)
      Object.assign(d.transport, { offline: false, dropRequests: 0, dropResponses: 0 });
    for (let round = 0; round < 2; round += 1) for (const d of devices) await d.engine.syncNow();

    for (const d of devices) {
      expect(d.engine.state.get()).toMatchObject({ pending: 0, error: null, needsLogin: false });
      expect(await d.db.outbox.count()).toBe(0);
      expect(await d.db.base.count()).toBe(0);
      expect(await replicaState(d.db)).toEqual(server.stateFor(d.session.userId));
      const clientId = (await getMeta<string>(d.db, 'clientId'))!;
      const queued = ((await getMeta<number>(d.db, 'nextMutationId')) ?? 1) - 1;
      expect(server.lastMutationIdOf(clientId)).toBe(queued);
      const applied = [...server.applications.keys()].filter((k) => k.startsWith(`${clientId}/`)).length;
      expect(applied + server.rejectedCountOf(clientId)).toBe(queued);
      expect(await d.db.rejected.count()).toBe(server.rejectedCountOf(clientId));
    }
    expect([...server.applications.values()].every((n) => n === 1)).toBe(true);
    if (process.env.FC_STATS) {
      let rejected = 0;
      for (const d of devices) rejected += await d.db.rejected.count();
      console.warn(`applied ${server.applications.size} rejected ${rejected}`);
    }
  } finally {
    for (const d of devices) {
      d.engine.stop();
      await d.db.delete();
    }
  }
}

describe('randomized convergence (2–4 devices, faults, crashes)', () => {
  it('every replica equals the server, every accepted mutation applied once, every outbox drained', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 4 }),
        fc.array(opArb, { minLength: 10, maxLength: 40 }),
        run,
      ),
      {
        numRuns: Number(process.env.FC_NUM_RUNS ?? 200),
        ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH } : {}),
      },
    );
  }, 120_000);
});
