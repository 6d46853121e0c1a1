import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { FollowUp } from '@casa/shared-schema';
import { agentDevice, type Device } from '../../data/testing/device';
import { AGENT, buyer } from '../../data/testing/fixtures';
import { FOLLOW_UP_TABS, inFollowUpTab, type FollowUpTab } from './follow-up-tabs';
import { followUpTabCounts, followUpTabPage } from './follow-ups.queries';

const row = (scheduledDate: string, completed = false) => ({ scheduledDate, completed });
const tabsOf = (f: { scheduledDate: string; completed: boolean }, now: Date) =>
  FOLLOW_UP_TABS.map((t) => t.key).filter((tab) => inFollowUpTab(tab, f, now));

describe('follow-up tabs (Lisbon time)', () => {
  it('Hoje is the Lisbon calendar day, not the UTC one (summer time, UTC+1)', () => {
    const now = new Date('2026-07-01T12:00:00Z');
    // 23:30 UTC on 30 June is 00:30 on 1 July in Lisbon: today, and already overdue.
    expect(tabsOf(row('2026-06-30T23:30:00.000Z'), now)).toEqual(['pending', 'today', 'overdue', 'all']);
    // 22:59 UTC on 30 June is 23:59 on the 30th in Lisbon: yesterday, overdue only.
    expect(tabsOf(row('2026-06-30T22:59:00.000Z'), now)).toEqual(['pending', 'overdue', 'all']);
    // 22:59 UTC on 1 July is 23:59 in Lisbon: still today, not yet overdue.
    expect(tabsOf(row('2026-07-01T22:59:00.000Z'), now)).toEqual(['pending', 'today', 'all']);
    expect(tabsOf(row('2026-07-01T23:00:00.000Z'), now)).toEqual(['pending', 'all']);
  });

  it('the 23-hour day of 29 March 2026 and the 25-hour day of 25 October 2026', () => {
    const spring = new Date('2026-03-29T12:00:00Z');
    expect(inFollowUpTab('today', row('2026-03-29T00:00:00.000Z'), spring)).toBe(true);
    expect(inFollowUpTab('today', row('2026-03-28T23:59:00.000Z'), spring)).toBe(false);
    expect(inFollowUpTab('today', row('2026-03-29T22:59:00.000Z'), spring)).toBe(true);
    expect(inFollowUpTab('today', row('2026-03-29T23:00:00.000Z'), spring)).toBe(false);
    const autumn = new Date('2026-10-25T12:00:00Z');
    expect(inFollowUpTab('today', row('2026-10-24T22:59:00.000Z'), autumn)).toBe(false);
    expect(inFollowUpTab('today', row('2026-10-24T23:00:00.000Z'), autumn)).toBe(true);
    expect(inFollowUpTab('today', row('2026-10-25T23:59:00.000Z'), autumn)).toBe(true);
    expect(inFollowUpTab('today', row('2026-10-26T00:00:00.000Z'), autumn)).toBe(false);
  });

  it('a completed one is only in Concluídos and Todos, whatever its date', () => {
    const now = new Date('2026-07-01T12:00:00Z');
    expect(tabsOf(row('2026-07-01T08:00:00.000Z', true), now)).toEqual(['completed', 'all']);
    expect(tabsOf(row('2020-01-01T08:00:00.000Z', true), now)).toEqual(['completed', 'all']);
  });
});

let d: Device | undefined;
afterEach(async () => {
  await d?.db.delete();
});

describe('tab queries over the replica', () => {
  it('agree with the tab rules, count every tab and page in the tab order', async () => {
    d = await agentDevice();
    const m = d.mutate;
    const client = await m.createClient(buyer('Zeca'));
    const at = (title: string, scheduledDate: string) =>
      m.createFollowUp({ clientId: client.id, title, type: 'Telefonar', scheduledDate });
    // now: 12:00 UTC on the 23-hour day 29 March 2026 (13:00 in Lisbon).
    const now = new Date('2026-03-29T12:00:00Z');
    await at('anteontem', '2026-03-27T09:00:00.000Z');
    await at('ontem tarde', '2026-03-28T23:30:00.000Z');
    await at('hoje cedo', '2026-03-29T08:00:00.000Z');
    const done = await at('hoje feito', '2026-03-29T09:00:00.000Z');
    await at('hoje tarde', '2026-03-29T22:59:00.000Z');
    await at('amanhã', '2026-03-29T23:00:00.000Z');
    await at('próxima semana', '2026-04-05T09:00:00.000Z');
    await m.completeFollowUp({ id: done.id!, completionComment: 'Feito' });

    const all = await d.db.followUps.toArray();
    const counts = await followUpTabCounts(d.db, now);
    for (const { key } of FOLLOW_UP_TABS) {
      const expected = all.filter((f) => inFollowUpTab(key, f, now));
      expect(counts[key], key).toBe(expected.length);
      const page = await followUpTabPage(d.db, key, now, 100);
      expect(page.map((f) => f.id).sort(), key).toEqual(expected.map((f) => f.id).sort());
    }
    expect(counts).toEqual({ pending: 6, today: 2, overdue: 3, completed: 1, all: 7 });

    const titles = async (tab: FollowUpTab, limit = 100) =>
      (await followUpTabPage(d!.db, tab, now, limit)).map((f: FollowUp) => f.title);
    expect(await titles('pending', 3)).toEqual(['anteontem', 'ontem tarde', 'hoje cedo']);
    expect(await titles('today')).toEqual(['hoje cedo', 'hoje tarde']);
    expect(await titles('overdue')).toEqual(['anteontem', 'ontem tarde', 'hoje cedo']);
    expect(await titles('completed')).toEqual(['hoje feito']);
    expect(await titles('all', 2)).toEqual(['próxima semana', 'amanhã']);
  });

  it('pages the open ones past thousands of completed ones', async () => {
    d = await agentDevice();
    const now = new Date('2026-07-01T12:00:00Z');
    const day = 86_400_000;
    const rows = Array.from({ length: 1200 }, (_, i) => {
      const scheduledDate = new Date(now.getTime() + ((i - 1000) * day) / 4).toISOString();
      const completed = i % 10 !== 0;
      return {
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        clientId: AGENT,
        title: `F${i}`,
        type: 'Telefonar',
        scheduledDate,
        completed,
        completedAt: completed ? scheduledDate : null,
      } as FollowUp;
    });
    await d.db.followUps.bulkPut(rows);
    const counts = await followUpTabCounts(d.db, now);
    for (const { key } of FOLLOW_UP_TABS)
      expect(counts[key], key).toBe(rows.filter((f) => inFollowUpTab(key, f, now)).length);
    expect(counts).toMatchObject({ pending: 120, overdue: 100, completed: 1080, all: 1200 });
    const pending = await followUpTabPage(d.db, 'pending', now, 50);
    expect(pending.map((f) => f.title)).toEqual(Array.from({ length: 50 }, (_, i) => `F${i * 10}`));
    const overdue = await followUpTabPage(d.db, 'overdue', now, 200);
    expect(overdue).toHaveLength(100);
    expect(overdue.at(-1)?.title).toBe('F990');
    const completed = await followUpTabPage(d.db, 'completed', now, 3);
    expect(completed.map((f) => f.title)).toEqual(['F1199', 'F1198', 'F1197']);
  });
});
