import 'fake-indexeddb/auto';
import { startTransition, useEffect, useReducer, useState } from 'react';
import { flushSync } from 'react-dom';
import { useObservable } from 'dexie-react-hooks';
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

/** A source whose answers the test hands over itself (`answer`), and what subscribed to it. */
function handSource(): {
  source: Answers<string>;
  answer: (value: string) => void;
  subscribed: () => Promise<void>;
} {
  const listeners = new Set<(value: string) => void>();
  return {
    source: {
      subscribe(next) {
        listeners.add(next);
        return { unsubscribe: () => listeners.delete(next) };
      },
    },
    answer: (value) => {
      // An answer before the subscription (the effect not run yet) would be lost: a test must wait for it.
      if (listeners.size === 0) throw new Error('nothing subscribed yet');
      listeners.forEach((next) => next(value));
    },
    // Once a component's effect has subscribed (after its first commit).
    async subscribed() {
      for (let i = 0; i < 300 && listeners.size === 0; i += 1) await settle(10);
    },
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
      const { source, answer, subscribed } = handSource();
      const probe = watching(watch, source);
      await showing(probe.root, '-');
      await subscribed();
      answer('Novo');
      flushSync(probe.poke);
      await showing(probe.root, 'Novo');
      await settle();
      expect(probe.seen).toEqual(effects);
    },
  );

  it('useAnswers keeps the last answer until a new source answers', async () => {
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
    await first.subscribed();
    first.answer('Primeira');
    await showing(root, 'Primeira');
    flushSync(() => handles.choose(second.source));
    await second.subscribed();
    expect(root.text()).toBe('Primeira');
    second.answer('Segunda');
    await showing(root, 'Segunda');
  });
});

describe('an answer shows while a transition is pending', () => {
  function screen(watch: Watch, source: Answers<string>) {
    function Probe() {
      return watch(source) ?? '-';
    }
    const root = textRoot();
    roots.push(root);
    root.render(<Probe />);
    return root;
  }

  // A navigation that waits (the router's, offline): an async transition that has not ended. React holds
  // every transition update made meanwhile until it ends; an answer handed over in one stayed unseen.
  it.each([
    ['useAnswers', useThroughAnswers, 'Novo'],
    ["Dexie's useObservable in a transition", useThroughDexie, '-'],
  ] as const)('%s', async (_, watch, text) => {
    const { source, answer, subscribed } = handSource();
    const root = screen(watch, source);
    await showing(root, '-');
    await subscribed();
    startTransition(async () => {
      await new Promise(() => {});
    });
    answer('Novo');
    await settle(100);
    expect(root.text()).toBe(text);
  });

  it('useLiveQuery and useLiveAnswer show a replica write meanwhile', async () => {
    d = await agentDevice();
    const device = d;
    const client = clientRow({ name: 'Primeiro' });
    await device.db.clients.put(client);
    const reads = [
      () => useLiveQuery(() => device.db.clients.get(client.id), [])?.name,
      () => useLiveAnswer(() => device.db.clients.get(client.id), [])?.name,
    ];
    const screens = reads.map((read) => {
      function Name() {
        return read() ?? '-';
      }
      const root = textRoot();
      roots.push(root);
      root.render(<Name />);
      return root;
    });
    for (const root of screens) await showing(root, 'Primeiro');
    startTransition(async () => {
      await new Promise(() => {});
    });
    await device.db.clients.update(client.id, { name: 'Segundo' });
    for (const root of screens) await showing(root, 'Segundo');
  });
});
