import { describe, expect, it } from 'vitest';
import { PageSizer } from './bounded-pages';

describe('PageSizer', () => {
  it('starts small, doubles while pages are light and shrinks at once after a heavy one', () => {
    const sizer = new PageSizer(1000, 256 * 1024);
    expect(sizer.rows).toBe(50);
    const sizes = [];
    for (let i = 0; i < 6; i++) {
      sizer.record(sizer.rows, sizer.rows * 300); // ordinary clients: ~300 chars a row
      sizes.push(sizer.rows);
    }
    expect(sizes).toEqual([100, 200, 400, 800, 873, 873]);
    sizer.record(sizer.rows, sizer.rows * 16_384); // clients at the customFields bound
    expect(sizer.rows).toBe(16);
    sizer.record(1, 10_000_000);
    expect(sizer.rows).toBe(5);
  });

  it('never exceeds the maximum', () => {
    const sizer = new PageSizer(20);
    expect(sizer.rows).toBe(20);
    sizer.record(20, 20);
    expect(sizer.rows).toBe(20);
    const one = new PageSizer(1);
    one.record(1, 10_000_000);
    expect(one.rows).toBe(1);
  });
});
