import { afterEach, describe, expect, it } from 'vitest';
import { Suspense, use } from 'react';
import { settle, showing, textRoot, type TextRoot } from '../../lib/testing/text-root';
import type { ClientSearch } from './client-search';
import type { SearchState } from './protocol';
import { useWorkerAnswer } from './use-worker-answer';

/** A search worker answered by hand: its state, and what `ask` answers. */
function fakeSearch() {
  let state: SearchState = { ready: false, total: null, version: 0 };
  const listeners = new Set<() => void>();
  const search = {
    getSnapshot: () => state,
    subscribe: (l: () => void) => (listeners.add(l), () => void listeners.delete(l)),
  } as unknown as ClientSearch;
  const setState = (next: SearchState) => {
    state = next;
    for (const l of listeners) l();
  };
  return { search, setState };
}

const never = new Promise<never>(() => {});

let root: TextRoot | undefined;
afterEach(() => root?.unmount());

describe('useWorkerAnswer', () => {
  it('asks once the index is ready and again per version; shows the last answer', async () => {
    const { search, setState } = fakeSearch();
    const asked: number[] = [];
    function Card() {
      const answer = useWorkerAnswer(
        search,
        (s) => {
          const version = s.getSnapshot().version;
          asked.push(version);
          return Promise.resolve(`answer ${version}`);
        },
        [],
      );
      return answer ?? 'loading';
    }
    root = textRoot();
    root.render(<Card />);
    await showing(root, 'loading');
    setState({ ready: true, total: 3, version: 1 });
    await showing(root, 'answer 1');
    setState({ ready: true, total: 4, version: 2 });
    await showing(root, 'answer 2');
    expect(asked).toEqual([1, 2]);
  });

  it('renders an answer in a transition: a card that suspends on it keeps the previous one', async () => {
    // Synchronously the suspended card would give way to the Suspense fallback (issue 19: the worker's
    // answers at start render in slices, not in one task each).
    const { search, setState } = fakeSearch();
    function Card() {
      const answer = useWorkerAnswer(search, (s) => Promise.resolve(s.getSnapshot().version), []);
      if (answer === 2) use(never);
      return answer === undefined ? 'loading' : `answer ${answer}`;
    }
    root = textRoot();
    root.render(
      <Suspense fallback="fallback">
        <Card />
      </Suspense>,
    );
    await showing(root, 'loading');
    setState({ ready: true, total: 3, version: 1 });
    await showing(root, 'answer 1');
    setState({ ready: true, total: 4, version: 2 });
    // Time for a synchronous answer's render (and its fallback) to have happened.
    await settle(300);
    expect(root.text()).toBe('answer 1');
  });
});
