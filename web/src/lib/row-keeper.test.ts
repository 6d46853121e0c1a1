import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RowKeeper, sameValue } from './row-keeper';

type Row = { id: string; title: string; tags?: string[]; extra?: Record<string, unknown> | null };

describe('RowKeeper', () => {
  it('hands back the earlier object of every row whose value did not change', () => {
    const keeper = new RowKeeper<Row>();
    const first = keeper.keep([
      { id: 'a', title: 'A', tags: ['x'] },
      { id: 'b', title: 'B', extra: { n: 1 } },
    ]);
    const second = keeper.keep([
      { id: 'b', title: 'B', extra: { n: 1 } },
      { id: 'a', title: 'A2', tags: ['x'] },
      { id: 'c', title: 'C' },
    ]);
    expect(second[0]).toBe(first[1]);
    expect(second[1]).not.toBe(first[0]);
    expect(second[1]).toEqual({ id: 'a', title: 'A2', tags: ['x'] });
    expect(second.map((r) => r.id)).toEqual(['b', 'a', 'c']);
  });

  it('compares with the last answer only: a row gone and back is a new object', () => {
    const keeper = new RowKeeper<Row>();
    const [a] = keeper.keep([{ id: 'a', title: 'A' }]);
    keeper.keep([]);
    expect(keeper.keep([{ id: 'a', title: 'A' }])[0]).not.toBe(a);
  });

  it('always answers rows equal in value to the ones given, in their order', () => {
    const row = fc.record({
      id: fc.constantFrom('a', 'b', 'c', 'd'),
      title: fc.constantFrom('x', 'y'),
      tags: fc.option(fc.array(fc.constantFrom('p', 'q'), { maxLength: 2 }), { nil: undefined }),
    });
    const answer = fc.uniqueArray(row, { selector: (r) => r.id });
    fc.assert(
      fc.property(fc.array(answer, { minLength: 1, maxLength: 5 }), (answers) => {
        const keeper = new RowKeeper<Row>();
        for (const rows of answers) expect(keeper.keep(rows)).toEqual(rows);
      }),
    );
  });
});

describe('sameValue', () => {
  it('compares nested values, not identities', () => {
    expect(sameValue({ a: [1, { b: 'c' }] }, { a: [1, { b: 'c' }] })).toBe(true);
    expect(sameValue({ a: [1, { b: 'c' }] }, { a: [1, { b: 'd' }] })).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameValue([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameValue(new Date(5), new Date(5))).toBe(true);
    expect(sameValue(new Date(5), new Date(6))).toBe(false);
    expect(sameValue(null, {})).toBe(false);
    expect(sameValue(Number.NaN, Number.NaN)).toBe(true);
  });
});
