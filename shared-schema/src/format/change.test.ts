import { describe, expect, it } from 'vitest';
import { changeFigure, formatChangeFigure, MIN_PERCENT_BASE } from './change';

const shown = (current: number, previous: number) => formatChangeFigure(changeFigure(current, previous));

describe('period-over-period change', () => {
  it('is a percent from a base of at least MIN_PERCENT_BASE', () => {
    expect(MIN_PERCENT_BASE).toBe(10);
    expect(shown(112, 100)).toBe('+12%');
    expect(shown(10, 12)).toBe('-16,7%');
    expect(shown(10, 10)).toBe('0%');
  });

  it('is the difference in units from a near-empty or empty base, never +18 750%', () => {
    expect(shown(754, 4)).toBe('+750');
    expect(shown(5, 0)).toBe('+5');
    expect(shown(1, 3)).toBe('-2');
    expect(shown(0, 0)).toBe('0');
    expect(changeFigure(754, 4)).toEqual({ kind: 'difference', value: 750 });
  });
});
