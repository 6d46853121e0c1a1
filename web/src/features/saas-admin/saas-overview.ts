import {
  lisbonMonthBounds,
  monthlyRevenueEstimate,
  changeFigure,
  formatChangeFigure,
  toDate,
  type Organization,
  type Package,
} from '@casa/shared-schema';

/**
 * Monthly revenue estimate (docs/product.md#saas-admin) from the lists the panel already holds: each active organization's
 * package price, else 22 / 55 / 199 by plan. Decimal string in euros.
 */
export function revenueEstimate(
  organizations: readonly Organization[],
  packages: readonly Package[],
): string {
  return monthlyRevenueEstimate(organizations, packages);
}

/** Clients over every organization (live counts the server attaches to each row). */
export function totalClients(organizations: readonly Organization[]): number {
  return organizations.reduce((sum, o) => sum + (o.clientCount ?? 0), 0);
}

/**
 * Real growth instead of a fixed '+12%': organizations created this Lisbon month against the
 * previous month, '+50%' / '-20%' from 10 or more, else the difference ('+1'), '—' when both had none.
 */
export function organizationGrowth(organizations: readonly Organization[], now: Date = new Date()): string {
  const thisMonth = lisbonMonthBounds(now);
  const previous = lisbonMonthBounds(new Date(thisMonth.start.getTime() - 1));
  let current = 0;
  let before = 0;
  for (const o of organizations) {
    const created = toDate(o.createdAt);
    if (!created) continue;
    if (created >= thisMonth.start && created < thisMonth.end) current += 1;
    else if (created >= previous.start && created < previous.end) before += 1;
  }
  if (before === 0 && current === 0) return '—';
  return formatChangeFigure(changeFigure(current, before));
}
