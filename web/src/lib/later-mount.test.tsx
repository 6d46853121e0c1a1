import { afterEach, describe, expect, it } from 'vitest';
import { Suspense, use } from 'react';
import { useLaterMount, useOpenedOnce } from './later-mount';
import { settle, showing, textRoot, type TextRoot } from './testing/text-root';

let root: TextRoot | undefined;
afterEach(() => root?.unmount());

const never = new Promise<never>(() => {});

describe('useLaterMount', () => {
  it('commits the first render without it, then mounts it', async () => {
    const commits: boolean[] = [];
    function Menu() {
      const mounted = useLaterMount();
      commits.push(mounted);
      return mounted ? 'menu' : '';
    }
    root = textRoot();
    root.render(<Menu />);
    await showing(root, 'menu');
    expect(commits[0]).toBe(false);
  });

  it('mounts it in a transition: content that suspends keeps the first render on screen', async () => {
    // Mounted synchronously (a plain state update or on the first render), the Suspense fallback would show.
    function Menu() {
      const mounted = useLaterMount();
      if (mounted) use(never);
      return 'page';
    }
    root = textRoot();
    root.render(
      <Suspense fallback="fallback">
        <Menu />
      </Suspense>,
    );
    await showing(root, 'page');
    await settle(300);
    expect(root.text()).toBe('page');
  });
});

describe('useOpenedOnce', () => {
  it('is false while never opened, true from the first opening on, closed again included', async () => {
    const seen: [open: boolean, mounted: boolean][] = [];
    function Menu({ open }: { open: boolean }) {
      const mounted = useOpenedOnce(open);
      seen.push([open, mounted]);
      return mounted ? (open ? 'open' : 'closed') : 'none';
    }
    root = textRoot();
    root.render(<Menu open={false} />);
    await showing(root, 'none');
    root.render(<Menu open={false} />);
    await showing(root, 'none');
    root.render(<Menu open />);
    await showing(root, 'open');
    root.render(<Menu open={false} />);
    await showing(root, 'closed');
    const firstOpen = seen.findIndex(([open]) => open);
    expect(firstOpen).toBeGreaterThan(0);
    expect(seen.slice(0, firstOpen).map(([, mounted]) => mounted)).not.toContain(true);
  });
});
