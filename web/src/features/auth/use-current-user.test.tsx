import { afterEach, describe, expect, it } from 'vitest';
import { Suspense, use, useSyncExternalStore } from 'react';
import type { CurrentUser } from '@casa/shared-schema';
import { settle, showing, textRoot, type TextRoot } from '../../lib/testing/text-root';
import type { SessionStore, SessionUser } from './session-store';
import { useCurrentUser } from './use-current-user';

/** A session store answered by hand (no me call). */
function fakeStore(initial: SessionUser) {
  let user = initial;
  const listeners = new Set<() => void>();
  const store = {
    getSnapshot: () => user,
    subscribe: (l: () => void) => (listeners.add(l), () => void listeners.delete(l)),
    refresh: async () => {},
    clear: () => {},
    start: () => {},
    stop: () => {},
  } as unknown as SessionStore;
  const answer = (next: SessionUser) => {
    user = next;
    for (const l of listeners) l();
  };
  return { store, answer };
}

const ana = { id: 'u1', firstName: 'Ana' } as CurrentUser;
const rui = { id: 'u2', firstName: 'Rui' } as CurrentUser;
// The signed-in frame's chunk still loading: the screen suspends on it.
const frameLoading = new Promise<never>(() => {});

/** The spinner while loading, then the frame, which suspends for `suspendFor` (its chunk not there yet). */
function App({ store, suspendFor }: { store: SessionStore; suspendFor?: string }) {
  const { user, isLoading } = useCurrentUser(store);
  if (isLoading) return 'spinner';
  if (user && user.id === suspendFor) use(frameLoading);
  return user ? `frame of ${user.firstName}` : 'login';
}

/** Reads the store synchronously: its change commits at once. */
function UrgentReader({ store }: { store: SessionStore }) {
  const user = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return `${user === undefined ? '?' : (user?.firstName ?? '-')}|`;
}

function Page({ store, suspendFor }: { store: SessionStore; suspendFor: string }) {
  return (
    <>
      <UrgentReader store={store} />
      <Suspense fallback="fallback">
        <App store={store} suspendFor={suspendFor} />
      </Suspense>
    </>
  );
}

let root: TextRoot | undefined;
afterEach(() => root?.unmount());

describe('useCurrentUser', () => {
  it('shows the user of the first answer, and every later change', async () => {
    const { store, answer } = fakeStore(undefined);
    root = textRoot();
    root.render(<App store={store} />);
    await showing(root, 'spinner');
    answer(ana);
    await showing(root, 'frame of Ana');
    answer(null);
    await showing(root, 'login');
  });

  it('renders the first answer in a transition: the spinner stays while the frame it mounts suspends', async () => {
    // Synchronously (useSyncExternalStore alone) the suspended frame would replace the spinner by the
    // Suspense fallback in the urgent reader's commit; in a transition React keeps the spinner and renders
    // the frame in slices (issue 19).
    const { store, answer } = fakeStore(undefined);
    root = textRoot();
    root.render(<Page store={store} suspendFor="u1" />);
    await showing(root, '?|spinner');
    answer(ana);
    await showing(root, 'Ana|spinner');
    await settle(100);
    expect(root.text()).toBe('Ana|spinner');
  });

  it('applies a later change at once (another user): no transition after the first answer', async () => {
    const { store, answer } = fakeStore(ana); // a cached user: the frame at once
    root = textRoot();
    root.render(<Page store={store} suspendFor="u2" />);
    await showing(root, 'Ana|frame of Ana');
    answer(rui);
    await showing(root, 'Rui|fallback');
  });
});
