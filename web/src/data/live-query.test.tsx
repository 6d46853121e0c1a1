import 'fake-indexeddb/auto';
import { startTransition, Suspense, use, useEffect, useReducer, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLiveQuery as dexieLiveQuery, useObservable } from 'dexie-react-hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { settle, showing, textRoot, type TextRoot } from '../lib/testing/text-root';
import { clientRow } from './testing/fixtures';
import { agentDevice, type Device } from './testing/device';
import { useAnswers, useLiveQuery, type Answers } from './live-query';
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

/** A source whose answers the test hands over itself (`answer`), and what subscribed to it. */
function handSource(): { source: Answers<string>; answer: (value: string) => void } {
  const listeners = new Set<(value: string) => void>();
  return {
    source: {
      subscribe(next) {
        listeners.add(next);
        return { unsubscribe: () => listeners.delete(next) };
      },
    },
    answer: (value) => listeners.forEach((next) => next(value)),
  };
}

type Watch = (source: Answers<string>) => string | undefined;

const useThroughAnswers: Watch = (source) => useAnswers(() => source, [source], undefined);

/** How the app read the replica before: Dexie's hook, each answer handed over in a transition. */
const useThroughDexie: Watch = (source) =>
  useObservable(
    () => ({ subscribe: (next) => source.subscribe((value) => startTransition(() => next(value))) }),
    [source],
  ) as string | undefined;

describe('an answer is state, not a ref read by whichever render comes first', () => {
  /**
   * The answer arrives; before its transition renders, the same component renders for an update that
   * changes nothing (`poke`). An effect that depends on the answer must still run for it.
   */
  function watching(watch: Watch, source: Answers<string>) {
    const seen: (string | undefined)[] = [];
    const handles = { poke: () => {} };
    function Probe() {
      const value = watch(source);
      const [, nothing] = useReducer((n: number) => n, 0);
      useEffect(() => void (handles.poke = () => nothing()), []);
      useEffect(() => void seen.push(value), [value]);
      return value ?? '-';
    }
    const root = textRoot();
    roots.push(root);
    root.render(<Probe />);
    return { root, seen, poke: () => handles.poke() };
  }

  // Dexie's hook shows such an answer and never runs its effects: why the app has its own.
  it.each([
    ['useAnswers', useThroughAnswers, [undefined, 'Novo']],
    ["Dexie's useObservable", useThroughDexie, [undefined]],
  ] as const)(
    '%s: the effects seen for an answer rendered after an unchanged render',
    async (_, watch, effects) => {
      const { source, answer } = handSource();
      const probe = watching(watch, source);
      await showing(probe.root, '-');
      answer('Novo');
      flushSync(probe.poke);
      await showing(probe.root, 'Novo');
      await settle();
      expect(probe.seen).toEqual(effects);
    },
  );

  it('useAnswers keeps the last answer until a new source answers, and ignores the old source', async () => {
    const first = handSource();
    const second = handSource();
    const handles = { choose: (_source: Answers<string>) => {} };
    function Screen() {
      const [source, setSource] = useState(first.source);
      useEffect(() => void (handles.choose = setSource), []);
      return useAnswers(() => source, [source], 'nada');
    }
    const root = textRoot();
    roots.push(root);
    root.render(<Screen />);
    await showing(root, 'nada');
    first.answer('Primeira');
    await showing(root, 'Primeira');
    flushSync(() => handles.choose(second.source));
    await settle();
    expect(root.text()).toBe('Primeira');
    first.answer('Antiga');
    await settle();
    expect(root.text()).toBe('Primeira');
    second.answer('Segunda');
    await showing(root, 'Segunda');
  });
});
