import {
  CLIENT_TYPES,
  lisbonDayBounds,
  lisbonMonthBounds,
  percentChange,
  percentOf,
  STATS_PERIOD_DAYS,
  statsQuerySchema,
  type ClientStats,
  type ColdCallStats,
  type FollowUpStats,
  type StatsPeriod,
  type StatsPeriodFigures,
} from '@casa/shared-schema';
import { forOrganization } from '../../db/scope';
import type { DomainCtx } from '../../http/context';
import { cachedFacts } from './stats-cache';
import { countIn, loadClientFacts, loadColdCallFacts, loadFollowUpFacts, type Instants } from './stats-facts';

const DAY_MS = 86_400_000;
const iso = (d: Date) => d.toISOString();

type Window = { start: number; end: number };

/** The current and the previous Lisbon calendar month, as epoch-ms bounds [start, end). */
function months(now: string) {
  const current = lisbonMonthBounds(now);
  const previous = lisbonMonthBounds(new Date(current.start.getTime() - 1));
  return {
    current: { start: current.start.getTime(), end: current.end.getTime() },
    previous: { start: previous.start.getTime(), end: previous.end.getTime() },
  };
}

/** The last N days up to now, and the N days before them. */
function periodWindows(period: StatsPeriod, now: string) {
  const end = new Date(now).getTime();
  const span = STATS_PERIOD_DAYS[period] * DAY_MS;
  return { current: { start: end - span, end }, previous: { start: end - 2 * span, end: end - span } };
}

function periodFigures(
  period: StatsPeriod | undefined,
  now: string,
  countInWindow: (w: Window) => number,
): StatsPeriodFigures | undefined {
  if (!period) return undefined;
  const w = periodWindows(period, now);
  const current = countInWindow(w.current);
  const previous = countInWindow(w.previous);
  return {
    period,
    from: iso(new Date(w.current.start)),
    to: iso(new Date(w.current.end)),
    count: current,
    previousCount: previous,
    changePercent: percentChange(current, previous),
  };
}

const within = (list: Instants) => (w: Window) => countIn(list, w.start, w.end);

/** GET /api/stats/clients. Month figures use the Lisbon calendar month; recentClients the last 30 days. */
export async function clientStats(ctx: DomainCtx, args: unknown = {}): Promise<ClientStats> {
  const { period } = statsQuerySchema.parse(args ?? {});
  const scope = forOrganization(ctx.db, ctx.auth);
  const facts = await cachedFacts(ctx, 'clients', () => loadClientFacts(ctx.db, scope));
  const m = months(ctx.now);
  const createdIn = within(facts.createdAt);
  const clientsByType = Object.fromEntries(
    CLIENT_TYPES.map((t) => [t, facts.byType[t] ?? 0]),
  ) as ClientStats['clientsByType'];
  const thisMonth = createdIn(m.current);
  const previousMonth = createdIn(m.previous);
  const periodStats = periodFigures(period, ctx.now, createdIn);
  return {
    totalClients: facts.total,
    recentClients: countIn(facts.createdAt, new Date(ctx.now).getTime() - 30 * DAY_MS),
    clientsByType,
    clientsThisMonth: thisMonth,
    clientsPreviousMonth: previousMonth,
    changePercent: percentChange(thisMonth, previousMonth),
    ...(periodStats ? { period: periodStats } : {}),
  };
}

/** GET /api/stats/followups. Today is the Lisbon calendar day; overdue is not completed and scheduled before now. */
export async function followUpStats(ctx: DomainCtx, args: unknown = {}): Promise<FollowUpStats> {
  const { period } = statsQuerySchema.parse(args ?? {});
  const scope = forOrganization(ctx.db, ctx.auth);
  const facts = await cachedFacts(ctx, 'followUps', () => loadFollowUpFacts(ctx.db, scope));
  const day = lisbonDayBounds(ctx.now);
  const m = months(ctx.now);
  const completedIn = within(facts.completedAt);
  const completedThisMonth = completedIn(m.current);
  const completedPreviousMonth = completedIn(m.previous);
  const periodStats = periodFigures(period, ctx.now, completedIn);
  return {
    todayCount: countIn(facts.pendingScheduled, day.start.getTime(), day.end.getTime()),
    overdueCount: countIn(facts.pendingScheduled, -Infinity, new Date(ctx.now).getTime()),
    pendingCount: facts.pending,
    completedThisMonth,
    completedPreviousMonth,
    changePercent: percentChange(completedThisMonth, completedPreviousMonth),
    ...(periodStats ? { period: periodStats } : {}),
  };
}

/**
 * GET /api/stats/coldcalls. conversionRate: percent (one decimal) of the calls whose result is
 * Interessado or Agendar Follow-up (docs/decisions.md); 0 when there are no calls.
 */
export async function coldCallStats(ctx: DomainCtx, args: unknown = {}): Promise<ColdCallStats> {
  const { period } = statsQuerySchema.parse(args ?? {});
  const scope = forOrganization(ctx.db, ctx.auth);
  const facts = await cachedFacts(ctx, 'coldCalls', () => loadColdCallFacts(ctx.db, scope));
  const day = lisbonDayBounds(ctx.now);
  const m = months(ctx.now);
  const calledIn = within(facts.calledAt);
  const thisMonth = calledIn(m.current);
  const previousMonth = calledIn(m.previous);

  let periodStats: ColdCallStats['period'];
  const base = periodFigures(period, ctx.now, calledIn);
  if (base && period) {
    const convertedInPeriod = within(facts.convertedCalledAt)(periodWindows(period, ctx.now).current);
    periodStats = { ...base, conversionRate: percentOf(convertedInPeriod, base.count) };
  }
  return {
    totalCalls: facts.total,
    callsToday: countIn(facts.calledAt, day.start.getTime(), day.end.getTime()),
    conversionRate: percentOf(facts.converted, facts.total),
    activeCampaigns: facts.activeCampaigns,
    callsThisMonth: thisMonth,
    callsPreviousMonth: previousMonth,
    changePercent: percentChange(thisMonth, previousMonth),
    ...(periodStats ? { period: periodStats } : {}),
  };
}
