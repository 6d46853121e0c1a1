import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeSyncServer } from './testing/fake-sync-server';
import { agentDevice, createDevice, type Device } from './testing/device';
import { AGENT, buyer, ORG, seller } from './testing/fixtures';
import { clientsByType, clientWithTags, todayFollowUps, unreadNotificationCount } from './queries';

let d: Device | undefined;
afterEach(async () => {
  await d?.db.delete();
});

describe('replica queries', () => {
  it('lists clients by type sorted by name, a client with its tags, follow-ups of the Lisbon day', async () => {
    d = await agentDevice();
    const m = d.mutate;
    const zeca = await m.createClient(buyer('Zeca'));
    await m.createClient(buyer('Ana'));
    await m.createClient(seller('Bruno'));
    expect((await clientsByType(d.db, 'Comprador')).map((c) => c.name)).toEqual(['Ana', 'Zeca']);
    expect((await clientsByType(d.db, null)).map((c) => c.name)).toEqual(['Ana', 'Bruno', 'Zeca']);
    expect((await clientsByType(d.db, 'Comprador', { offset: 1, limit: 1 })).map((c) => c.name)).toEqual([
      'Zeca',
    ]);

    const vip = await m.createTag({ name: 'VIP', color: '#ff0000' });
    const hot = await m.createTag({ name: 'Quente' });
    await m.setClientTags({ clientId: zeca.id, tagIds: [vip.id, hot.id] });
    const withTags = await clientWithTags(d.db, zeca.id!);
    expect(withTags?.tagDetails.map((t) => t.name)).toEqual(['Quente', 'VIP']);
    expect(withTags?.tags).toEqual(['Quente', 'VIP']);

    // 2026-03-29 is 23 hours long in Lisbon (DST): 23:30 UTC on the 28th is still the 28th.
    const fu = (title: string, scheduledDate: string) =>
      m.createFollowUp({ clientId: zeca.id, title, type: 'Telefonar', scheduledDate });
    await fu('ontem', '2026-03-28T23:30:00Z');
    const today = await fu('hoje', '2026-03-29T08:00:00Z');
    await fu('hoje tarde', '2026-03-29T22:59:00Z');
    await fu('amanhã', '2026-03-29T23:00:00Z');
    const now = new Date('2026-03-29T12:00:00Z');
    expect((await todayFollowUps(d.db, now)).map((f) => f.title)).toEqual(['hoje', 'hoje tarde']);
    await m.completeFollowUp({ id: today.id! });
    expect((await todayFollowUps(d.db, now)).map((f) => f.title)).toEqual(['hoje tarde']);
  });

  it('counts the unread notifications', async () => {
    const server = new FakeSyncServer(ORG);
    server.addMember(AGENT);
    for (const [n, at] of [
      [1, '10'],
      [2, '11'],
      [3, '12'],
    ] as const) {
      const createdAt = `2026-11-22T${at}:00:00.000Z`;
      server.write('notifications', {
        id: crypto.randomUUID(),
        organizationId: ORG,
        userId: AGENT,
        type: 'system',
        title: `N${n}`,
        body: null,
        read: n === 1,
        readAt: null,
        data: null,
        createdAt,
        updatedAt: createdAt,
      });
    }
    d = await createDevice(server, AGENT);
    await d.engine.syncNow();
    expect(await unreadNotificationCount(d.db)).toBe(2);
    await d.mutate.markAllNotificationsRead();
    expect(await unreadNotificationCount(d.db)).toBe(0);
  });
});
