import type { ChangeFigure, ClientType, StatsPeriod } from '@casa/shared-schema';
import {
  CLIENT_TYPES,
  DAILY_CALL_GOAL,
  lisbonDateString,
  lisbonWallToDate,
  monthName,
  changeFigure,
  percentOf,
  STATS_PERIOD_DAYS,
} from '@casa/shared-schema/values';

export const DEFAULT_PERIOD: StatsPeriod = '30d';
export const PERIOD_LABELS: Record<StatsPeriod, string> = {
  '7d': '7 dias',
  '30d': '30 dias',
  '90d': '90 dias',
  '1y': '1 ano',
};

/** What the current window is compared with: the same number of days before it (one year for '1y'). */
export function comparisonText(period: StatsPeriod): string {
  return period === '1y'
    ? 'comparado com o ano anterior'
    : `comparado com os ${PERIOD_LABELS[period]} anteriores`;
}

/** Instants in epoch ms, start ≤ t < end. */
export type Window = { start: number; end: number };

/** A Lisbon calendar day as its wall date (UTC fields of a Date: year, month, day, weekday). */
type WallDay = Date;

function todayWall(now: Date): [number, number, number] {
  const [y, m, d] = lisbonDateString(now).split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

/** The Lisbon day `offset` days from the day of `now`: its wall date and the instant it starts. */
function lisbonDay(now: Date, offset: number): { wall: WallDay; start: number } {
  const [y, m, d] = todayWall(now);
  const wall = new Date(Date.UTC(y, m - 1, d + offset));
  const start = lisbonWallToDate(wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate()).getTime();
  return { wall, start };
}

/**
 * The report period as whole Lisbon days: the current window is today and the N − 1 days before it,
 * the previous one the N days before that (so 23 h and 25 h days at the DST changes count as days).
 */
export function periodWindows(
  period: StatsPeriod,
  now: Date,
): { days: number; current: Window; previous: Window } {
  const days = STATS_PERIOD_DAYS[period];
  const current = { start: lisbonDay(now, 1 - days).start, end: lisbonDay(now, 1).start };
  const previous = { start: lisbonDay(now, 1 - 2 * days).start, end: current.start };
  return { days, current, previous };
}

/** First index of `sorted` (ascending) whose value is ≥ t. */
function lowerBound(sorted: readonly number[], t: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How many instants of an ascending list fall in the window. */
export function countIn(sorted: readonly number[], w: Window): number {
  return lowerBound(sorted, w.end) - lowerBound(sorted, w.start);
}

/** The index range [from, to) of an ascending list that falls in the window. */
export function rangeIn(sorted: readonly number[], w: Window): [number, number] {
  return [lowerBound(sorted, w.start), lowerBound(sorted, w.end)];
}

/** ISO texts → ascending epoch ms (unreadable values left out). */
export function sortedInstants(values: Iterable<string | null | undefined>): number[] {
  const out: number[] = [];
  for (const v of values) {
    const t = v ? Date.parse(v) : NaN;
    if (!Number.isNaN(t)) out.push(t);
  }
  return out.sort((a, b) => a - b);
}

export type Granularity = 'day' | 'week' | 'month';
export const GRANULARITY: Record<StatsPeriod, Granularity> = {
  '7d': 'day',
  '30d': 'day',
  '90d': 'week',
  '1y': 'month',
};
export const GRANULARITY_LABELS: Record<Granularity, string> = {
  day: 'por dia',
  week: 'por semana',
  month: 'por mês',
};

export type Bucket = Window & { label: string; weekday: number };

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The chart's buckets over the current window: Lisbon days; weeks starting on Monday; calendar
 * months (the first and last clipped to the window). Labels: '24/11', '24/11' (week start), 'nov/26'.
 */
export function periodBuckets(period: StatsPeriod, now: Date, granularity = GRANULARITY[period]): Bucket[] {
  const days = STATS_PERIOD_DAYS[period];
  const buckets: Bucket[] = [];
  for (let offset = 1 - days; offset <= 0; offset++) {
    const { wall, start } = lisbonDay(now, offset);
    const opens =
      offset === 1 - days ||
      granularity === 'day' ||
      (granularity === 'week' && wall.getUTCDay() === 1) ||
      (granularity === 'month' && wall.getUTCDate() === 1);
    if (!opens) continue;
    const previous = buckets[buckets.length - 1];
    if (previous) previous.end = start;
    const label =
      granularity === 'month'
        ? `${monthName(wall.getUTCMonth() + 1).slice(0, 3)}/${String(wall.getUTCFullYear()).slice(2)}`
        : `${pad(wall.getUTCDate())}/${pad(wall.getUTCMonth() + 1)}`;
    buckets.push({ start, end: start, label, weekday: wall.getUTCDay() });
  }
  buckets[buckets.length - 1]!.end = lisbonDay(now, 1).start;
  return buckets;
}

/** Ascending instants of everything the report counts (read from the replica, see reports.queries.ts). */
export type ReportFacts = {
  clientsCreated: readonly number[];
  interactions: readonly number[];
  followUpsCompleted: readonly number[];
  calls: readonly number[];
  /** Calls whose result is Interessado or Agendar Follow-up (the server's conversion). */
  convertedCalls: readonly number[];
};

export type KpiKey = 'newClients' | 'interactions' | 'followUpsCompleted' | 'calls';
export type Kpi = { key: KpiKey; label: string; value: number; previous: number; change: ChangeFigure };
export type ConversionKpi = {
  value: number;
  previous: number;
  calls: number;
  previousCalls: number;
  /** Difference in percentage points; null without calls in the previous period. */
  changePoints: number | null;
};

const KPI_SOURCES: { key: KpiKey; label: string; fact: keyof ReportFacts }[] = [
  { key: 'newClients', label: 'Novos clientes', fact: 'clientsCreated' },
  { key: 'interactions', label: 'Interações', fact: 'interactions' },
  { key: 'followUpsCompleted', label: 'Follow-ups concluídos', fact: 'followUpsCompleted' },
  { key: 'calls', label: 'Chamadas', fact: 'calls' },
];

/** The period's counts against the previous period of the same length (a percent only from a base of 10). */
export function periodKpis(facts: ReportFacts, w: { current: Window; previous: Window }) {
  const kpis: Kpi[] = KPI_SOURCES.map(({ key, label, fact }) => {
    const value = countIn(facts[fact], w.current);
    const previous = countIn(facts[fact], w.previous);
    return { key, label, value, previous, change: changeFigure(value, previous) };
  });
  const calls = countIn(facts.calls, w.current);
  const previousCalls = countIn(facts.calls, w.previous);
  const value = percentOf(countIn(facts.convertedCalls, w.current), calls);
  const previous = percentOf(countIn(facts.convertedCalls, w.previous), previousCalls);
  const conversion: ConversionKpi = {
    value,
    previous,
    calls,
    previousCalls,
    changePoints: previousCalls === 0 ? null : Math.round((value - previous) * 10) / 10,
  };
  return { kpis, conversion };
}

export type ActivitySeries = {
  labels: string[];
  calls: number[];
  interactions: number[];
  followUpsCompleted: number[];
};

export function activitySeries(facts: ReportFacts, buckets: readonly Bucket[]): ActivitySeries {
  return {
    labels: buckets.map((b) => b.label),
    calls: buckets.map((b) => countIn(facts.calls, b)),
    interactions: buckets.map((b) => countIn(facts.interactions, b)),
    followUpsCompleted: buckets.map((b) => countIn(facts.followUpsCompleted, b)),
  };
}

export type TypeShare = { type: ClientType; count: number; percent: number };

export function typeDistribution(types: Iterable<ClientType>): { total: number; shares: TypeShare[] } {
  const counts = new Map<ClientType, number>(CLIENT_TYPES.map((t) => [t, 0]));
  let total = 0;
  for (const t of types) {
    counts.set(t, (counts.get(t) ?? 0) + 1);
    total++;
  }
  return {
    total,
    shares: CLIENT_TYPES.map((type) => ({
      type,
      count: counts.get(type)!,
      percent: percentOf(counts.get(type)!, total),
    })),
  };
}

export type ConversionLevel = 'excellent' | 'good' | 'improve' | 'noCalls';

/** docs/product.md#reports: above 25 excellent, above 15 good, otherwise can improve. */
export function conversionLevel(rate: number, calls: number): ConversionLevel {
  if (calls === 0) return 'noCalls';
  if (rate > 25) return 'excellent';
  if (rate > 15) return 'good';
  return 'improve';
}

export const CONVERSION_INSIGHTS: Record<ConversionLevel, { title: string; text: string }> = {
  excellent: {
    title: 'Excelente taxa de conversão',
    text: 'Mais de 25% das chamadas terminam com interesse ou um follow-up agendado. Mantenha a estratégia e o ritmo de contactos.',
  },
  good: {
    title: 'Boa taxa de conversão',
    text: 'Acima de 15%: está no bom caminho. Afinar o guião e ligar primeiro aos clientes mais bem classificados pode levá-la acima de 25%.',
  },
  improve: {
    title: 'A taxa de conversão pode melhorar',
    text: 'Reveja o guião das chamadas, escolha melhores horários e dê prioridade aos clientes com melhor classificação e contacto recente.',
  },
  noCalls: {
    title: 'Sem chamadas neste período',
    text: 'Registe chamadas em Cold Calls para acompanhar aqui a taxa de conversão.',
  },
};

export const WEEKDAY_NAMES = [
  'domingo',
  'segunda-feira',
  'terça-feira',
  'quarta-feira',
  'quinta-feira',
  'sexta-feira',
  'sábado',
] as const;

/** The weekday with the most calls, interactions and completed follow-ups in the window (ties: earliest). */
export function busiestWeekday(
  facts: ReportFacts,
  days: readonly Bucket[],
): { weekday: number; count: number } | null {
  const totals = Array.from({ length: 7 }, () => 0);
  for (const day of days) {
    totals[day.weekday]! +=
      countIn(facts.calls, day) + countIn(facts.interactions, day) + countIn(facts.followUpsCompleted, day);
  }
  let best = -1;
  // Monday first, as a week reads in Portugal.
  for (const wd of [1, 2, 3, 4, 5, 6, 0]) if (best === -1 || totals[wd]! > totals[best]!) best = wd;
  return totals[best]! > 0 ? { weekday: best, count: totals[best]! } : null;
}

/** The most frequent type among the given clients (ties: the order of CLIENT_TYPES), null when none. */
export function topType(types: Iterable<ClientType>): TypeShare | null {
  const { total, shares } = typeDistribution(types);
  if (total === 0) return null;
  return shares.reduce((a, b) => (b.count > a.count ? b : a));
}

/** Calls per day over the period, one decimal, against the daily goal of 20. */
export function callsPerDay(calls: number, days: number): { average: number; goal: number } {
  return { average: Math.round((calls / days) * 10) / 10, goal: DAILY_CALL_GOAL };
}

const ONE_DECIMAL = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 1 });

/** '+12,5%', '-3%', '0%'; '—' without a previous figure. */
export function formatChange(change: number | null, unit = '%'): string {
  if (change === null) return '—';
  const sign = change > 0 ? '+' : change < 0 ? '-' : '';
  return `${sign}${ONE_DECIMAL.format(Math.abs(change))}${unit}`;
}

/** '23,5%' */
export function formatRate(rate: number): string {
  return `${ONE_DECIMAL.format(rate)}%`;
}

export function formatDecimal(n: number): string {
  return ONE_DECIMAL.format(n);
}

/** Every client's creation instant (ascending) with its type at the same position. */
export type ClientFacts = { created: readonly number[]; types: readonly ClientType[] };

export function clientFacts(clients: Iterable<{ createdAt: string; type: ClientType }>): ClientFacts {
  const pairs: [number, ClientType][] = [];
  for (const c of clients) {
    const t = Date.parse(c.createdAt);
    if (!Number.isNaN(t)) pairs.push([t, c.type]);
  }
  // Ties (clients created in the same millisecond, as an import or a quick series makes) by type: the same
  // clients give the same facts whatever order they are read in (the replica's, the search worker's).
  pairs.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return { created: pairs.map((p) => p[0]), types: pairs.map((p) => p[1]) };
}

export type ReportInput = {
  period: StatsPeriod;
  now: Date;
  clients: ClientFacts;
  activity: Omit<ReportFacts, 'clientsCreated'>;
  /** null while still being counted. */
  overdueFollowUps: number | null;
};

/** Every figure of /reports for one period, from the replica's facts. */
export function buildReport({ period, now, clients, activity, overdueFollowUps }: ReportInput) {
  const windows = periodWindows(period, now);
  const facts: ReportFacts = { ...activity, clientsCreated: clients.created };
  const { kpis, conversion } = periodKpis(facts, windows);
  const granularity = GRANULARITY[period];
  const days = periodBuckets(period, now, 'day');
  const [from, to] = rangeIn(clients.created, windows.current);
  const newTypes = clients.types.slice(from, to);
  const callsInPeriod = kpis.find((k) => k.key === 'calls')!.value;
  return {
    windows,
    kpis,
    conversion,
    conversionLevel: conversionLevel(conversion.value, conversion.calls),
    granularity,
    series: activitySeries(facts, granularity === 'day' ? days : periodBuckets(period, now)),
    distribution: typeDistribution(clients.types),
    insights: {
      busiestWeekday: busiestWeekday(facts, days),
      topNewType: topType(newTypes),
      topType: topType(clients.types),
      overdueFollowUps,
      callsPerDay: callsPerDay(callsInPeriod, windows.days),
    },
  };
}

export type Report = ReturnType<typeof buildReport>;
