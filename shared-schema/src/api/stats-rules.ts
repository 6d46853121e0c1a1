// The statistics' rules that need no schema, so no zod: the web app's start reads them through
// '@casa/shared-schema/values' (values.ts, docs/decisions.md); the index re-exports them too.
import type { StatsPeriod } from './stats';

export const STATS_PERIOD_DAYS: Record<StatsPeriod, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

/** Percent change from `previous` to `current`, one decimal; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Share of `part` in `total` as a percent with one decimal (0 when total is 0). */
export function percentOf(part: number, total: number): number {
  return total === 0 ? 0 : Math.round((part / total) * 1000) / 10;
}
