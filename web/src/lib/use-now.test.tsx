import { afterEach, describe, expect, it, vi } from 'vitest';
import { runningClockTimers, useNow } from './use-now';
import { settle, showing, textRoot, type TextRoot } from './testing/text-root';
import { RelativeTime } from '../ui/relative-time';

let root: TextRoot | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  vi.useRealTimers();
});

const STEP = 40;

describe('useNow', () => {
  it('runs one timer for every reader of a step, and none once the last one is gone', async () => {
    const seen: number[][] = [[], [], []];
    function Reader({ slot }: { slot: number }) {
      const now = useNow(STEP);
      seen[slot]!.push(now.getTime());
      return null;
    }
    root = textRoot();
    root.render(
      <>
        <Reader slot={0} />
        <Reader slot={1} />
        <Reader slot={2} />
      </>,
    );
    // The subscriptions are effects: polled, a loaded machine runs them late.
    for (let i = 0; i < 200 && runningClockTimers(STEP) === 0; i += 1) await settle(10);
    expect(runningClockTimers(STEP)).toBe(1);
    for (let i = 0; i < 200 && seen[0]!.length < 3; i += 1) await settle(10);
    // The readers moved on together: each saw the same instants.
    expect(seen[0]!.length).toBeGreaterThan(2);
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[2]).toEqual(seen[0]);
    root.unmount();
    root = undefined;
    expect(runningClockTimers(STEP)).toBe(0);
  });

  it('reads a clock nobody listens to fresh, so a screen opened later does not start from an old instant', async () => {
    function Reader() {
      return <>{String(useNow(STEP * 1000).getTime())}</>;
    }
    root = textRoot();
    root.render(<Reader />);
    for (let i = 0; i < 200 && root.text() === ''; i += 1) await settle(10);
    const first = Number(root.text());
    root.unmount();
    await settle(1_100);
    root = textRoot();
    root.render(<Reader />);
    for (let i = 0; i < 200 && root.text() === ''; i += 1) await settle(10);
    expect(Number(root.text()) - first).toBeGreaterThanOrEqual(1_000);
  });
});

describe('RelativeTime', () => {
  it('moves on with the clock without its parent rendering again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-29T10:00:00Z'));
    let parentRenders = 0;
    function Row() {
      parentRenders += 1;
      return <RelativeTime at="2026-11-29T09:58:00Z" />;
    }
    root = textRoot();
    root.render(<Row />);
    await showing(root, 'há 2m');
    vi.advanceTimersByTime(60_000);
    await showing(root, 'há 3m');
    expect(parentRenders).toBe(1);
  });
});
