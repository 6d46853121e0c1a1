import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { useLiveQuery } from 'dexie-react-hooks';
import { agentDevice, type Device } from './testing/device';
import { seller } from './testing/fixtures';
import { settle, textRoot, type TextRoot } from '../lib/testing/text-root';
import { useLiveAnswer } from './use-live-answer';

let d: Device | undefined;
let root: TextRoot | undefined;
afterEach(async () => {
  root?.unmount();
  await d?.db.delete();
});

/** A read much slower than the writes arriving (even on a loaded machine): the client count, then 100 ms of work on it. */
const slowCount = (d: Device) => async () => {
  const n = await d.db.clients.count();
  await settle(100);
  return n;
};

/** Writes a client every 15 ms for `ms`, noting what `root` showed meanwhile. */
async function writeSteadily(d: Device, root: TextRoot, ms: number): Promise<string[]> {
  const shown: string[] = [];
  const until = Date.now() + ms;
  for (let i = 0; Date.now() < until; i += 1) {
    await d.db.clients.put({ ...seller(`Cliente ${i}`), id: crypto.randomUUID() } as never);
    shown.push(root.text());
    await settle(15);
  }
  return shown;
}

describe('useLiveAnswer', () => {
  it('shows new answers while writes keep overtaking each read, where useLiveQuery shows none', async () => {
    d = await agentDevice();
    const device = d;
    function Both() {
      const live = useLiveQuery(slowCount(device), []);
      const answer = useLiveAnswer(slowCount(device), []);
      return `${live ?? '-'}|${answer ?? '-'}`;
    }
    root = textRoot();
    root.render(<Both />);
    for (let i = 0; i < 100 && root.text() !== '0|0'; i += 1) await settle(20);
    expect(root.text()).toBe('0|0');

    const shown = await writeSteadily(device, root, 1_200);
    const live = new Set(shown.map((s) => s.split('|')[0]));
    const answers = new Set(shown.map((s) => Number(s.split('|')[1])));
    // Dexie's live query drops every read a write overtook (here it mostly still shows the count before the
    // writes); each finished read was shown: the count moved on during the writes.
    expect(answers.size).toBeGreaterThan(3);
    expect(answers.size).toBeGreaterThan(live.size);
    expect(Math.max(...answers)).toBeGreaterThan(10);

    // Once the writes stop, both settle on the same, final count.
    const total = await device.db.clients.count();
    for (let i = 0; i < 100 && root.text() !== `${total}|${total}`; i += 1) await settle(20);
    expect(root.text()).toBe(`${total}|${total}`);
  });

  it('never shows an older read after a newer one', async () => {
    d = await agentDevice();
    const device = d;
    function Answer() {
      return String(useLiveAnswer(slowCount(device), []) ?? '-');
    }
    root = textRoot();
    root.render(<Answer />);
    for (let i = 0; i < 100 && root.text() !== '0'; i += 1) await settle(20);
    const shown = (await writeSteadily(device, root, 500)).map(Number);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
  });
});
