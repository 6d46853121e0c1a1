import { describe, expect, it } from 'vitest';
import { LogRing } from './log-ring';

describe('LogRing', () => {
  it('keeps only the newest lines and answers them newest first', () => {
    const ring = new LogRing(3);
    for (let i = 1; i <= 5; i++) ring.write(`${JSON.stringify({ msg: `m${i}` })}\n`);
    expect(ring.recent(10).map((l) => l.msg)).toEqual(['m5', 'm4', 'm3']);
    expect(ring.recent(2).map((l) => l.msg)).toEqual(['m5', 'm4']);
  });

  it('skips lines that are not JSON', () => {
    const ring = new LogRing();
    ring.write('not json');
    ring.write('{"msg":"ok"}');
    expect(ring.recent(5)).toEqual([{ msg: 'ok' }]);
  });
});
