import { describe, expect, it, vi } from 'vitest';
import { AFTER_PAINT_MAX_MS, afterFirstPaint } from './after-paint';

describe('afterFirstPaint', () => {
  it('waits for an idle moment, at most AFTER_PAINT_MAX_MS', () => {
    const run = vi.fn();
    const requestIdleCallback = vi.fn();
    const setTimeout = vi.fn();
    afterFirstPaint(run, { requestIdleCallback, setTimeout });
    expect(run).not.toHaveBeenCalled();
    expect(requestIdleCallback).toHaveBeenCalledWith(run, { timeout: AFTER_PAINT_MAX_MS });
    expect(setTimeout).not.toHaveBeenCalled();
  });

  it('falls back to a short timeout without requestIdleCallback (Safari)', () => {
    const run = vi.fn();
    const setTimeout = vi.fn();
    afterFirstPaint(run, { setTimeout });
    expect(setTimeout).toHaveBeenCalledWith(run, expect.any(Number));
    expect(setTimeout.mock.calls[0]![1]).toBeLessThanOrEqual(AFTER_PAINT_MAX_MS);
  });
});
