import type { Property, PropertyStatus } from '@casa/shared-schema';
import { formatWholeEuros, lisbonDateString, PROPERTY_STATUSES } from '@casa/shared-schema/values';

/**
 * The properties section of the reports (issue 20), as plain functions over the replica's properties:
 * the current state of the inventory, not the report period (docs/decisions.md, Reports).
 */

/** The fields the section reads (a stored Property fits). */
export type ReportProperty = Pick<
  Property,
  'status' | 'business' | 'priceCents' | 'usableArea' | 'concelho' | 'mediationStart' | 'createdAt'
> & { deletedAt?: string | null };

export type StatusCount = { status: PropertyStatus; count: number };
export type DaysOnMarket = { count: number; average: number | null; median: number | null };
export type ConcelhoPrice = { concelho: string; count: number; eurosPerSquareMetre: number };
export type PropertyReport = {
  total: number;
  byStatus: StatusCount[];
  daysOnMarket: DaysOnMarket;
  pricePerSquareMetre: ConcelhoPrice[];
};

/** Concelhos shown in the price-per-m² chart: the ones with the most properties. */
export const TOP_CONCELHOS = 8;

const DAY_MS = 86_400_000;
const live = (p: ReportProperty) => !p.deletedAt;
const dayOf = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10));

/** Every status, in the entity's order, with its count (zeros included: the bars keep their places). */
export function propertiesByStatus(properties: readonly ReportProperty[]): StatusCount[] {
  const counts = new Map<string, number>();
  for (const p of properties) if (live(p)) counts.set(p.status, (counts.get(p.status) ?? 0) + 1);
  return PROPERTY_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
}

/**
 * Whole Lisbon days a property has been on the market: from its mediation start when set (the contract
 * puts it on the market), else from the day it was created; never below 0 (a contract starting later).
 */
export function daysOnMarketOf(p: ReportProperty, now: Date): number {
  const start = p.mediationStart ?? lisbonDateString(new Date(p.createdAt));
  return Math.max(0, Math.round((dayOf(lisbonDateString(now)) - dayOf(start)) / DAY_MS));
}

export function median(sorted: readonly number[]): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  const mid = n >> 1;
  return n % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Average and median days on market of the Disponível properties (null without any). */
export function daysOnMarket(properties: readonly ReportProperty[], now: Date): DaysOnMarket {
  const days = properties
    .filter((p) => live(p) && p.status === 'Disponível')
    .map((p) => daysOnMarketOf(p, now))
    .sort((a, b) => a - b);
  const total = days.reduce((a, b) => a + b, 0);
  return { count: days.length, average: days.length ? total / days.length : null, median: median(days) };
}

const collator = new Intl.Collator('pt-PT');

/**
 * Average asking price per m² by concelho: live Venda properties with a price and a usable area, each
 * property's own €/m² averaged (one listing, one voice). The TOP_CONCELHOS with the most such properties
 * (ties: name), shown dearest first.
 */
export function pricePerSquareMetre(
  properties: readonly ReportProperty[],
  top = TOP_CONCELHOS,
): ConcelhoPrice[] {
  const sums = new Map<string, { count: number; total: number }>();
  for (const p of properties) {
    if (!live(p) || p.business !== 'Venda' || !p.concelho) continue;
    if (!p.priceCents || p.priceCents <= 0 || !p.usableArea || p.usableArea <= 0) continue;
    const s = sums.get(p.concelho) ?? { count: 0, total: 0 };
    s.count++;
    s.total += p.priceCents / 100 / p.usableArea;
    sums.set(p.concelho, s);
  }
  return [...sums]
    .map(([concelho, s]) => ({ concelho, count: s.count, eurosPerSquareMetre: s.total / s.count }))
    .sort((a, b) => b.count - a.count || collator.compare(a.concelho, b.concelho))
    .slice(0, Math.max(0, top))
    .sort(
      (a, b) => b.eurosPerSquareMetre - a.eurosPerSquareMetre || collator.compare(a.concelho, b.concelho),
    );
}

export function propertyReport(properties: readonly ReportProperty[], now: Date): PropertyReport {
  return {
    total: properties.filter(live).length,
    byStatus: propertiesByStatus(properties),
    daysOnMarket: daysOnMarket(properties, now),
    pricePerSquareMetre: pricePerSquareMetre(properties),
  };
}

const ONE_DECIMAL = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 1 });

/** '€ 2 350/m²' (whole euros, pt-PT digit groups with a plain space). */
export function formatEurosPerSquareMetre(euros: number): string {
  return `${formatWholeEuros(euros * 100)}/m²`;
}

/** '1 dia', '45 dias', '12,5 dias'; '—' without a figure. */
export function formatDays(days: number | null): string {
  if (days === null) return '—';
  const rounded = Math.round(days * 10) / 10;
  return `${ONE_DECIMAL.format(rounded).replace(/[\u00a0\u202f.]/g, ' ')} ${rounded === 1 ? 'dia' : 'dias'}`;
}
