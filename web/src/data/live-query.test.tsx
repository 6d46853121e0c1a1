import 'fake-indexeddb/auto';
import { Suspense, use } from 'react';
import { useLiveQuery as dexieLiveQuery } from 'dexie-react-hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { settle, showing, textRoot, type TextRoot } from '../lib/testing/text-root';
import { clientRow } from './testing/fixtures';
import { agentDevice, type Device } from './testing/device';
import { useLiveQuery } from './live-query';
import { useLiveAnswer } from './use-live-answer';

let d: Device | undefined;
const roots: TextRoot[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) root.unmount();
  await d?.db.delete();
});

type Read = (device: Device, id: string) => string | undefined;

/**
 * A client's name, read live through `read`; the name 'Segundo' waits for `ready` (it suspends). A new answer
 * handed over in a transition keeps the name on screen while it waits; one handed over at the default priority
 * replaces it with the Suspense fallback ('…'), as React does for any update that is not a transition.
 */
function screenOf(device: Device, id: string, read: Read, ready: Promise<void>) {
  function Name({ name }: { name: string }) {
    if (name === 'Segundo') use(ready);
    return name;
  }
  function Screen() {
    const name = read(device, id);
    return <Suspense fallback="…">{name ? <Name name={name} /> : '-'}</Suspense>;
  }
  const root = textRoot();
  roots.push(root);
  root.render(<Screen />);
  return root;
}

const reads: Record<string, Read> = {
  useLiveQuery: (device, id) => useLiveQuery(() => device.db.clients.get(id), [id])?.name,
  useLiveAnswer: (device, id) => useLiveAnswer(() => device.db.clients.get(id), [id])?.name,
};

describe('replica answers render in transitions', () => {
  it.each(Object.keys(reads))('%s keeps the screen while a new answer waits', async (hook) => {
    d = await agentDevice();
    const client = clientRow({ name: 'Primeiro' });
    await d.db.clients.put(client);
    let open = () => {};
    const ready = new Promise<void>((resolve) => (open = resolve));
    const ours = screenOf(d, client.id, reads[hook]!, ready);
    // Dexie's own hook, for contrast: the same answer at the default priority shows the fallback.
    const dexie = screenOf(
      d,
      client.id,
      (device, id) => dexieLiveQuery(() => device.db.clients.get(id), [id])?.name,
      ready,
    );
    await showing(ours, 'Primeiro');
    await showing(dexie, 'Primeiro');

    await d.db.clients.update(client.id, { name: 'Segundo' });
    await showing(dexie, '…');
    await settle(100);
    expect(ours.text()).toBe('Primeiro');

    open();
    await showing(ours, 'Segundo');
    await showing(dexie, 'Segundo');
  });
});
