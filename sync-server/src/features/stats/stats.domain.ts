import type { Knex } from 'knex';
import {
  CLIENT_TYPES,
  FOLLOW_UP_CALL_RESULTS,
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
import { toNumber } from '../../db/rows';
import { forOrganization } from '../../db/scope';
import type { DomainCtx } from '../../http/context';

const DAY_MS = 86_400_000;
const iso = (d: Date) => d.toISOString();

async function count(query: Knex.QueryBuilder): Promise<number> {
  const row = (await query.count({ n: '*' }).first()) as { n: unknown } | undefined;
  return toNumber(row?.n);
}

/** The current and the previous Lisbon calendar month, as ISO bounds. */
function months(now: string) {
  const current = lisbonMonthBounds(now);
  const previous = lisbonMonthBounds(new Date(current.start.getTime() - 1));
  return {
    current: { start: iso(current.start), end: iso(current.end) },
    previous: { start: iso(previous.start), end: iso(previous.end) },
  };
}

/** The last N days up to now, and the N days before them. */
function periodWindows(period: StatsPeriod, now: string) {
  const end = new Date(now).getTime();
  const span = STATS_PERIOD_DAYS[period] * DAY_MS;
  return {
    current: { start: iso(new Date(end - span)), end: iso(new Date(end)) },
    previous: { start: iso(new Date(end - 2 * span)), end: iso(new Date(end - span)) },
  };
}

type Window = { start: string; end: string };

async function periodFigures(
  period: StatsPeriod | undefined,
  now: string,
  countIn: (w: Window) => Promise<number>,
): Promise<StatsPeriodFigures | undefined> {
  if (!period) return undefined;
  const w = periodWindows(period, now);
  const [current, previous] = await Promise.all([countIn(w.current), countIn(w.previous)]);
  return {
    period,
    from: w.current.start,
    to: w.current.end,
    count: current,
    previousCount: previous,
    changePercent: percentChange(current, previous),
  };
}

/** GET /api/stats/clients. Month figures use the Lisbon calendar month; recentClients the last 30 days. */
export async function clientStats(ctx: DomainCtx, args: unknown = {}): Promise<ClientStats> {
  const { period } = statsQuerySchema.parse(args ?? {});
  const scope = forOrganization(ctx.db, ctx.auth);
  const m = months(ctx.now);
  const createdIn = (w: Window) =>
    count(scope.table('clients').where('created_at', '>=', w.start).where('created_at', '<', w.end));

  const byTypeRows = (await scope
    .table('clients')
    .select('type')
    .count({ n: '*' })
    .groupBy('type')) as Array<{ type: string; n: unknown }>;
  const clientsByType = Object.fromEntries(CLIENT_TYPES.map((t) => [t, 0])) as ClientStats['clientsByType'];
  let totalClients = 0;
  for (const row of byTypeRows) {
    const n = toNumber(row.n);
    totalClients += n;
    if ((CLIENT_TYPES as readonly string[]).includes(row.type))
      clientsByType[row.type as keyof typeof clientsByType] = n;
  }

  const recentSince = iso(new Date(new Date(ctx.now).getTime() - 30 * DAY_MS));
  const [recentClients, thisMonth, previousMonth, periodStats] = await Promise.all([
    count(scope.table('clients').where('created_at', '>=', recentSince)),
    createdIn(m.current),
    createdIn(m.previous),
    periodFigures(period, ctx.now, createdIn),
  ]);
  return {
    totalClients,
    recentClients,
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
  const day = lisbonDayBounds(ctx.now);
  const m = months(ctx.now);
  const pending = () => scope.table('follow_ups').where('completed', false);
  const completedIn = (w: Window) =>
    count(
      scope
        .table('follow_ups')
        .where('completed', true)
        .where('completed_at', '>=', w.start)
        .where('completed_at', '<', w.end),
    );

  const [todayCount, overdueCount, pendingCount, completedThisMonth, completedPreviousMonth, periodStats] =
    await Promise.all([
      count(
        pending().where('scheduled_date', '>=', iso(day.start)).where('scheduled_date', '<', iso(day.end)),
      ),
      count(pending().where('scheduled_date', '<', ctx.now)),
      count(pending()),
      completedIn(m.current),
      completedIn(m.previous),
      periodFigures(period, ctx.now, completedIn),
    ]);
  return {
    todayCount,
    overdueCount,
    pendingCount,
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
  const day = lisbonDayBounds(ctx.now);
  const m = months(ctx.now);
  const calls = () => scope.table('cold_calls');
  const calledIn = (w: Window) => calls().where('called_at', '>=', w.start).where('called_at', '<', w.end);
  const converted = (q: Knex.QueryBuilder) => q.whereIn('result', [...FOLLOW_UP_CALL_RESULTS]);

  const [totalCalls, convertedCalls, callsToday, activeCampaigns, thisMonth, previousMonth] =
    await Promise.all([
      count(calls()),
      count(converted(calls())),
      count(calledIn({ start: iso(day.start), end: iso(day.end) })),
      count(scope.table('cold_call_campaigns').where('status', 'active')),
      count(calledIn(m.current)),
      count(calledIn(m.previous)),
    ]);

  let periodStats: ColdCallStats['period'];
  if (period) {
    const base = await periodFigures(period, ctx.now, (w) => count(calledIn(w)));
    const w = periodWindows(period, ctx.now).current;
    const convertedInPeriod = await count(converted(calledIn(w)));
    if (base) periodStats = { ...base, conversionRate: percentOf(convertedInPeriod, base.count) };
  }
  return {
    totalCalls,
    callsToday,
    conversionRate: percentOf(convertedCalls, totalCalls),
    activeCampaigns,
    callsThisMonth: thisMonth,
    callsPreviousMonth: previousMonth,
    changePercent: percentChange(thisMonth, previousMonth),
    ...(periodStats ? { period: periodStats } : {}),
  };
}
