import { afterEach, describe, expect, it } from 'vitest';
import { Suspense, use, useSyncExternalStore } from 'react';
import { useTransitionSelect, useTransitionStore } from './transition-store';
import { settle, showing, textRoot, type TextRoot } from './testing/text-root';

function store<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe: (l: () => void) => (listeners.add(l), () => void listeners.delete(l)),
    getSnapshot: () => value,
    set(next: T) {
      value = next;
      for (const l of listeners) l();
    },
  };
}

const never = new Promise<never>(() => {});

let root: TextRoot | undefined;
afterEach(() => root?.unmount());

describe('useTransitionStore', () => {
  it('shows the store value and follows its changes', async () => {
    const s = store('a');
    function Show() {
      return useTransitionStore(s.subscribe, s.getSnapshot);
    }
    root = textRoot();
    root.render(<Show />);
    await showing(root, 'a');
    s.set('b');
    await showing(root, 'b');
  });

  it('a change made before the subscription is not lost', async () => {
    const s = store(1);
    function Show() {
      return `v${useTransitionStore(s.subscribe, s.getSnapshot)}`;
    }
    root = textRoot();
    root.render(<Show />);
    s.set(2); // before the first render and its subscription
    await showing(root, 'v2');
  });

  it('renders a change in a transition: a screen that suspends on it keeps what it showed', async () => {
    // A synchronous update (useSyncExternalStore) would replace the screen by the fallback in the same
    // commit as the urgent reader's change.
    const s = store('ready');
    function Screen() {
      const value = useTransitionStore(s.subscribe, s.getSnapshot);
      if (value === 'more') use(never);
      return value;
    }
    function UrgentReader() {
      return `${useSyncExternalStore(s.subscribe, s.getSnapshot)}|`;
    }
    root = textRoot();
    root.render(
      <>
        <UrgentReader />
        <Suspense fallback="fallback">
          <Screen />
        </Suspense>
      </>,
    );
    await showing(root, 'ready|ready');
    s.set('more');
    await showing(root, 'more|ready');
    await settle(100);
    expect(root.text()).toBe('more|ready');
  });

  it('useTransitionSelect renders again only when the selected value changes', async () => {
    const s = store({ progress: 0, done: false });
    const doneOf = (state: { done: boolean }) => state.done;
    let renders = 0;
    function Show() {
      renders += 1;
      return useTransitionSelect(s.subscribe, s.getSnapshot, doneOf) ? 'feito' : 'a decorrer';
    }
    root = textRoot();
    root.render(<Show />);
    await showing(root, 'a decorrer');
    const before = renders;
    for (let page = 1; page <= 5; page += 1) s.set({ progress: page, done: false });
    await settle(100);
    expect(renders).toBe(before);
    s.set({ progress: 6, done: true });
    await showing(root, 'feito');
    expect(renders).toBe(before + 1);
  });

  it('a new selection shows its value at once, before any change of the store', async () => {
    const s = store({ a: 'A', b: 'B' });
    const pickA = (state: { a: string }) => state.a;
    const pickB = (state: { b: string }) => state.b;
    function Show({ pick }: { pick: (state: { a: string; b: string }) => string }) {
      return useTransitionSelect(s.subscribe, s.getSnapshot, pick);
    }
    root = textRoot();
    root.render(<Show pick={pickA} />);
    await showing(root, 'A');
    root.render(<Show pick={pickB} />);
    await showing(root, 'B');
  });
});
