import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PushRequest } from '@casa/shared-schema';
import { FakeSyncServer } from './testing/fake-sync-server';
import { createDevice, type Device } from './testing/device';
import { AGENT, ORG, replicaState, seller } from './testing/fixtures';

/*
 * Work done offline keeps the moment it happened (shared-schema sync/acted-at.ts): the outbox entry's
 * time travels as the push mutation's `actedAt`, and the server stores it as the domain's own time.
 */

const devices: Device[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const d of devices.splice(0)) {
    d.engine.stop();
    await d.db.delete();
  }
});

async function offlinePhone() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T08:00:00.000Z'));
  const server = new FakeSyncServer(ORG);
  server.addMember(AGENT);
  const phone = await createDevice(server, AGENT);
  devices.push(phone);
  const pushes: PushRequest[] = [];
  const push = phone.transport.push.bind(phone.transport);
  phone.transport.push = (request) => {
    pushes.push(request);
    return push(request);
  };
  const { id: clientId } = await phone.mutate.createClient(seller('Rui'));
  await phone.engine.syncNow();
  phone.transport.offline = true;
  return { server, phone, pushes, clientId: clientId! };
}

describe('acted at: the moment of the act, not of the sync', () => {
  it('a call and a completion made offline keep their time on the server and on the device', async () => {
    const { server, phone, pushes, clientId } = await offlinePhone();
    vi.setSystemTime(new Date('2026-11-24T13:09:00.000Z'));
    const call = await phone.mutate.logColdCall({ clientId, result: 'Atendeu' });
    const fu = await phone.mutate.createFollowUp({
      clientId,
      title: 'Ligar',
      type: 'Telefonar',
      scheduledDate: '2026-11-24T10:00:00.000Z',
    });
    await phone.mutate.completeFollowUp({ id: fu.id!, completionComment: 'feito' });

    vi.setSystemTime(new Date('2026-11-25T09:00:00.000Z')); // the next morning
    phone.transport.offline = false;
    await phone.engine.syncNow();
    expect(phone.engine.state.get()).toMatchObject({ pending: 0, error: null });
    expect(pushes.at(-1)!.mutations.map((m) => m.actedAt)).toEqual(Array(3).fill('2026-11-24T13:09:00.000Z'));
    expect(server.tables.get('coldCalls')!.get(call.id!)).toMatchObject({
      calledAt: '2026-11-24T13:09:00.000Z',
      createdAt: '2026-11-24T13:09:00.000Z',
      updatedAt: '2026-11-25T09:00:00.000Z',
    });
    expect(server.tables.get('followUps')!.get(fu.id!)).toMatchObject({
      completedAt: '2026-11-24T13:09:00.000Z',
      updatedAt: '2026-11-25T09:00:00.000Z',
    });
    expect(await phone.db.coldCalls.get(call.id!)).toMatchObject({ calledAt: '2026-11-24T13:09:00.000Z' });
    expect(await phone.db.followUps.get(fu.id!)).toMatchObject({ completedAt: '2026-11-24T13:09:00.000Z' });
  });

  it("a device clock ahead of the server's is clamped to the arrival, and the replica takes the server's time", async () => {
    const { server, phone, clientId } = await offlinePhone();
    vi.setSystemTime(new Date('2026-11-24T18:00:00.000Z'));
    const call = await phone.mutate.logColdCall({ clientId, result: 'Atendeu' });
    expect(await phone.db.coldCalls.get(call.id!)).toMatchObject({ calledAt: '2026-11-24T18:00:00.000Z' });

    // The server's clock says 09:00 when the call arrives: the device was hours ahead.
    vi.setSystemTime(new Date('2026-11-24T09:00:00.000Z'));
    phone.transport.offline = false;
    await phone.engine.syncNow();
    expect(server.tables.get('coldCalls')!.get(call.id!)).toMatchObject({
      calledAt: '2026-11-24T09:00:00.000Z',
    });
    expect(await phone.db.coldCalls.get(call.id!)).toMatchObject({ calledAt: '2026-11-24T09:00:00.000Z' });
    expect((await replicaState(phone.db)).coldCalls).toEqual([...server.tables.get('coldCalls')!.values()]);
  });
});
