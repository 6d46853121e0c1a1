import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Notification } from '@casa/shared-schema';
import { agentDevice, type Device } from '../../data/testing/device';
import { AGENT, ORG } from '../../data/testing/fixtures';
import { settle, textRoot, type TextRoot } from '../../lib/testing/text-root';
import { useReplicaFeed } from './use-notification-feed';

let d: Device | undefined;
let root: TextRoot | undefined;
afterEach(async () => {
  root?.unmount();
  await d?.db.delete();
});

const notification = (n: number, read = false): Notification => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  organizationId: ORG,
  userId: AGENT,
  type: 'system',
  title: `Aviso ${n}`,
  body: null,
  read,
  readAt: read ? '2026-11-29T10:00:00.000Z' : null,
  data: { n },
  createdAt: `2026-11-29T09:0${n}:00.000Z`,
  updatedAt: `2026-11-29T09:0${n}:00.000Z`,
});

describe('useReplicaFeed', () => {
  it("keeps the objects of the notifications a live answer did not change, so their memoized rows don't render again", async () => {
    d = await agentDevice();
    const db = d.db;
    await db.notifications.bulkPut([notification(1), notification(2), notification(3)]);
    const client = { db, mutate: d.mutate, state: d.engine.state };
    const answers: Notification[][] = [];
    function Feed() {
      const feed = useReplicaFeed(client, 50, false);
      const rows = feed.data?.notifications;
      if (rows && rows !== answers.at(-1)) answers.push(rows);
      return `${feed.data?.unreadCount ?? '-'}`;
    }
    root = textRoot();
    root.render(<Feed />);
    for (let i = 0; i < 100 && root.text() !== '3'; i += 1) await settle(20);
    const before = answers.at(-1)!;
    await db.notifications.put(notification(2, true));
    for (let i = 0; i < 100 && root.text() !== '2'; i += 1) await settle(20);
    const after = answers.at(-1)!;
    expect(after).not.toBe(before);
    expect(after.map((n) => n.title)).toEqual(['Aviso 3', 'Aviso 2', 'Aviso 1']);
    expect(after[0]).toBe(before[0]);
    expect(after[2]).toBe(before[2]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]!.read).toBe(true);
  });
});
