/**
 * Below this many in the base period a percentage misleads ('+18 750%' from 4 to 754): the change is
 * shown as the difference in units instead, as analytics products do for small bases.
 */
export const MIN_PERCENT_BASE = 10;

/** How a period-over-period change is shown: a percent from a large enough base, else the difference. */
export type ChangeFigure = { kind: 'percent' | 'difference'; value: number };

export function changeFigure(current: number, previous: number): ChangeFigure {
  if (previous < MIN_PERCENT_BASE) return { kind: 'difference', value: current - previous };
  return { kind: 'percent', value: Math.round(((current - previous) / previous) * 1000) / 10 };
}

const ONE_DECIMAL = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 1 });

/** '+12,5%', '-3%', '0%' for a percent; '+147', '-2', '0' for a difference. */
export function formatChangeFigure(figure: ChangeFigure): string {
  const sign = figure.value > 0 ? '+' : figure.value < 0 ? '-' : '';
  return `${sign}${ONE_DECIMAL.format(Math.abs(figure.value))}${figure.kind === 'percent' ? '%' : ''}`;
}
