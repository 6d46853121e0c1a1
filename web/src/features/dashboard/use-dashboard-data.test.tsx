import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { useState, type Dispatch } from 'react';
import { agentDevice, type Device } from '../../data/testing/device';
import { seller } from '../../data/testing/fixtures';
import { settle, textRoot, type TextRoot } from '../../lib/testing/text-root';
import { useDashboardData, type DashboardData } from './use-dashboard-data';

let d: Device | undefined;
let root: TextRoot | undefined;
afterEach(async () => {
  root?.unmount();
  await d?.db.delete();
});

describe('useDashboardData', () => {
  it('answers the same data and the same name lookup until a read answers something new', async () => {
    // The dashboard's cards are memoized on these (issue 19): a new object or lookup per render
    // re-rendered every card at every arrival.
    d = await agentDevice();
    await d.mutate.createClient(seller('Vera'));
    const db = d.db;
    const now = new Date();
    const seen: DashboardData[] = [];
    let rerender: Dispatch<number> = () => {};
    function Dashboard() {
      const [, set] = useState(0);
      rerender = set;
      const data = useDashboardData(db, now);
      seen.push(data);
      return data.clients && data.followUps && data.activity ? 'read' : 'reading';
    }
    root = textRoot();
    root.render(<Dashboard />);
    for (let i = 0; i < 100 && root.text() !== 'read'; i += 1) await settle(20);
    await settle(300); // the remaining reads and the search worker's answers
    const before = seen.at(-1)!;
    rerender(1); // a render for another reason (the parent, a state of its own)
    await settle(50);
    const after = seen.at(-1)!;
    expect(seen.length).toBeGreaterThan(1);
    expect(after).toBe(before);
    expect(after.clientName).toBe(before.clientName);
  });
});
