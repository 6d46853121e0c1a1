import { afterEach, describe, expect, it } from 'vitest';
import { useProgressiveCount } from './progressive-count';
import { settle, showing, textRoot, type TextRoot } from './testing/text-root';

let root: TextRoot | undefined;
afterEach(() => root?.unmount());

describe('useProgressiveCount', () => {
  it('draws `step` items first, then the rest a step per task, and starts again on a new key', async () => {
    const drawn: number[] = [];
    function List({ total, tab }: { total: number; tab: string }) {
      const count = useProgressiveCount(total, 10, tab);
      drawn.push(count);
      return `${tab}:${count}`;
    }
    root = textRoot();
    root.render(<List total={25} tab="a" />);
    await showing(root, 'a:25');
    expect(drawn[0]).toBe(10);
    expect([...new Set(drawn)]).toEqual([10, 20, 25]);

    drawn.length = 0;
    root.render(<List total={25} tab="b" />);
    await showing(root, 'b:25');
    expect(drawn.filter((n) => n < 25)).toContain(10);
  });

  it('draws a short list at once and asks no more tasks', async () => {
    let renders = 0;
    function List() {
      renders += 1;
      return String(useProgressiveCount(4, 10));
    }
    root = textRoot();
    root.render(<List />);
    await showing(root, '4');
    await settle(50);
    expect(renders).toBe(1);
  });
});
