import { afterEach, describe, expect, it } from 'vitest';
import { Fragment } from 'react';
import { DrawnInSteps } from './drawn-in-steps';
import { showing, textRoot, type TextRoot } from './testing/text-root';

let root: TextRoot | undefined;
afterEach(() => root?.unmount());

describe('DrawnInSteps', () => {
  it('draws every item in steps without rendering the screen around it again', async () => {
    let screenRenders = 0;
    const items = Array.from({ length: 12 }, (_, i) => String.fromCharCode(97 + i));
    function Screen() {
      screenRenders += 1;
      return (
        <>
          {'list:'}
          <DrawnInSteps items={items} step={5} render={(item) => <Fragment key={item}>{item}</Fragment>} />
        </>
      );
    }
    root = textRoot();
    root.render(<Screen />);
    await showing(root, `list:${items.join('')}`);
    expect(screenRenders).toBe(1);
  });
});
