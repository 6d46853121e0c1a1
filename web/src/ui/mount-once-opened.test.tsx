import { afterEach, describe, expect, it } from 'vitest';
import { lazy } from 'react';
import { MountOnceOpened } from './mount-once-opened';
import { showing, textRoot, type TextRoot } from '../lib/testing/text-root';

let root: TextRoot | undefined;
afterEach(() => root?.unmount());

describe('MountOnceOpened', () => {
  it('loads nothing while closed, mounts on the first open and stays mounted once closed', async () => {
    let loads = 0;
    const Dialog = lazy(async () => {
      loads += 1;
      return { default: ({ open }: { open: boolean }) => (open ? 'dialog open' : 'dialog closed') };
    });
    const page = (open: boolean) => (
      <>
        {'page|'}
        <MountOnceOpened open={open}>
          <Dialog open={open} />
        </MountOnceOpened>
      </>
    );
    root = textRoot();
    root.render(page(false));
    await showing(root, 'page|');
    expect(loads).toBe(0);

    root.render(page(true));
    await showing(root, 'page|dialog open');
    // Closed again, the dialog stays mounted, so it can play its closing transition.
    root.render(page(false));
    await showing(root, 'page|dialog closed');
    expect(loads).toBe(1);
  });
});
