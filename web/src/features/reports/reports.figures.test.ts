import { describe, expect, it } from 'vitest';
import { formatChangeFigure } from '@casa/shared-schema';
import type { ClientType } from '@casa/shared-schema';
import {
  activitySeries,
  buildReport,
  busiestWeekday,
  clientFacts,
  conversionLevel,
  countIn,
  comparisonText,
  formatChange,
  formatRate,
  periodBuckets,
  periodKpis,
  periodWindows,
  sortedInstants,
  topType,
  typeDistribution,
  type ReportFacts,
} from './reports.figures';

const isoOf = (ms: number) => new Date(ms).toISOString();

describe('period windows (Lisbon days)', () => {
  it('covers today and the days before it, and the same length before that', () => {
    const now = new Date('2026-11-23T10:00:00Z'); // winter: Lisbon = UTC
    const w = periodWindows('7d', now);
    expect(w.days).toBe(7);
    expect(isoOf(w.current.start)).toBe('2026-11-17T00:00:00.000Z');
    expect(isoOf(w.current.end)).toBe('2026-11-24T00:00:00.000Z');
    expect(isoOf(w.previous.start)).toBe('2026-11-10T00:00:00.000Z');
    expect(w.previous.end).toBe(w.current.start);

    const month = periodWindows('30d', now);
    // 25 October 2026 starts in summer time (UTC+1) and is 25 hours long.
    expect(isoOf(month.current.start)).toBe('2026-10-24T23:00:00.000Z');
    expect(isoOf(month.previous.start)).toBe('2026-09-24T23:00:00.000Z');
    expect(isoOf(periodWindows('1y', now).current.start)).toBe('2025-11-24T00:00:00.000Z');
    expect(isoOf(periodWindows('90d', now).current.start)).toBe('2026-08-25T23:00:00.000Z');
  });

  it('uses the Lisbon day, not the UTC one, around midnight in summer', () => {
    const now = new Date('2026-07-15T23:30:00Z'); // 16 July, 00:30 in Lisbon
    const w = periodWindows('7d', now);
    expect(isoOf(w.current.start)).toBe('2026-07-09T23:00:00.000Z');
    expect(isoOf(w.current.end)).toBe('2026-07-16T23:00:00.000Z');
  });

  it('counts instants with start included and end excluded', () => {
    const list = sortedInstants([
      '2026-11-17T00:00:00.000Z',
      '2026-11-16T23:59:59.999Z',
      null,
      'x',
      '2026-11-24T00:00:00.000Z',
    ]);
    expect(list).toHaveLength(3);
    expect(countIn(list, periodWindows('7d', new Date('2026-11-23T10:00:00Z')).current)).toBe(1);
  });
});

describe('chart buckets', () => {
  it('has one bucket per Lisbon day for 7 and 30 days, with 23-hour DST days', () => {
    const now = new Date('2026-03-30T12:00:00Z');
    const days = periodBuckets('7d', now);
    expect(days.map((d) => d.label)).toEqual(['24/03', '25/03', '26/03', '27/03', '28/03', '29/03', '30/03']);
    const dst = days[5]!;
    expect(isoOf(dst.start)).toBe('2026-03-29T00:00:00.000Z');
    expect(dst.end - dst.start).toBe(23 * 3_600_000);
    expect(isoOf(days[6]!.end)).toBe('2026-03-30T23:00:00.000Z');
    expect(periodBuckets('30d', now)).toHaveLength(30);
  });

  it('cuts 90 days into weeks starting on Monday and a year into calendar months', () => {
    const now = new Date('2026-11-23T10:00:00Z'); // a Monday
    const w = periodWindows('90d', now);
    const weeks = periodBuckets('90d', now);
    expect(weeks[0]!.start).toBe(w.current.start);
    expect(weeks.at(-1)!.end).toBe(w.current.end);
    expect(weeks.at(-1)!.label).toBe('23/11');
    for (let i = 1; i < weeks.length; i++) {
      expect(weeks[i]!.weekday).toBe(1);
      expect(weeks[i]!.start).toBe(weeks[i - 1]!.end);
    }
    expect(weeks).toHaveLength(14);

    const months = periodBuckets('1y', now);
    expect(months.map((m) => m.label)).toEqual([
      'nov/25',
      'dez/25',
      'jan/26',
      'fev/26',
      'mar/26',
      'abr/26',
      'mai/26',
      'jun/26',
      'jul/26',
      'ago/26',
      'set/26',
      'out/26',
      'nov/26',
    ]);
    expect(isoOf(months[1]!.start)).toBe('2025-12-01T00:00:00.000Z');
    expect(isoOf(months[7]!.start)).toBe('2026-05-31T23:00:00.000Z'); // 1 June, summer time
  });
});

const now = new Date('2026-11-23T10:00:00Z');
const facts: ReportFacts = {
  // current 7d window: 17–23 Nov; previous: 10–16 Nov
  clientsCreated: sortedInstants(['2026-11-12T10:00:00Z', '2026-11-18T10:00:00Z', '2026-11-23T09:00:00Z']),
  interactions: sortedInstants(['2026-11-17T09:00:00Z', '2026-11-17T10:00:00Z', '2026-11-20T10:00:00Z']),
  followUpsCompleted: sortedInstants(['2026-11-11T10:00:00Z', '2026-11-12T10:00:00Z']),
  calls: sortedInstants([
    '2026-11-10T10:00:00Z',
    '2026-11-11T10:00:00Z',
    '2026-11-17T10:00:00Z',
    '2026-11-17T11:00:00Z',
    '2026-11-19T10:00:00Z',
    '2026-11-22T10:00:00Z',
  ]),
  convertedCalls: sortedInstants(['2026-11-10T10:00:00Z', '2026-11-17T11:00:00Z']),
};

describe('figures', () => {
  it('compares each count with the previous period and the conversion in percentage points', () => {
    const { kpis, conversion } = periodKpis(facts, periodWindows('7d', now));
    // Bases under 10: the change is the difference, not '+100%' from 1 or 2.
    expect(kpis.map((k) => [k.key, k.value, k.previous, formatChangeFigure(k.change)])).toEqual([
      ['newClients', 2, 1, '+1'],
      ['interactions', 3, 0, '+3'],
      ['followUpsCompleted', 0, 2, '-2'],
      ['calls', 4, 2, '+2'],
    ]);
    expect(conversion).toEqual({ value: 25, previous: 50, calls: 4, previousCalls: 2, changePoints: -25 });
    const quiet = periodKpis(
      { ...facts, calls: [], convertedCalls: [] },
      periodWindows('7d', now),
    ).conversion;
    expect(quiet).toEqual({ value: 0, previous: 0, calls: 0, previousCalls: 0, changePoints: null });
  });

  it('counts the activity per bucket and finds the busiest weekday', () => {
    const days = periodBuckets('7d', now);
    const series = activitySeries(facts, days);
    expect(series.labels[0]).toBe('17/11');
    expect(series.calls).toEqual([2, 0, 1, 0, 0, 1, 0]);
    expect(series.interactions).toEqual([2, 0, 0, 1, 0, 0, 0]);
    expect(series.followUpsCompleted).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(busiestWeekday(facts, days)).toEqual({ weekday: 2, count: 4 }); // Tuesday 17 Nov
    expect(busiestWeekday({ ...facts, calls: [], interactions: [] }, days)).toBeNull();
  });

  it('shares clients by type and names the most frequent one', () => {
    const types: ClientType[] = ['Vendedor', 'Comprador', 'Vendedor', 'Investidor'];
    expect(typeDistribution(types)).toEqual({
      total: 4,
      shares: [
        { type: 'Comprador', count: 1, percent: 25 },
        { type: 'Vendedor', count: 2, percent: 50 },
        { type: 'Investidor', count: 1, percent: 25 },
      ],
    });
    expect(topType(types)?.type).toBe('Vendedor');
    expect(topType(['Investidor', 'Comprador'])?.type).toBe('Comprador');
    expect(topType([])).toBeNull();
  });
});

describe('conversion insight', () => {
  it('is excellent above 25, good above 15, otherwise can improve', () => {
    expect(conversionLevel(25.1, 10)).toBe('excellent');
    expect(conversionLevel(25, 10)).toBe('good');
    expect(conversionLevel(15.1, 10)).toBe('good');
    expect(conversionLevel(15, 10)).toBe('improve');
    expect(conversionLevel(0, 10)).toBe('improve');
    expect(conversionLevel(0, 0)).toBe('noCalls');
  });

  it('says what the period is compared with, in the singular for the year', () => {
    expect(comparisonText('7d')).toBe('comparado com os 7 dias anteriores');
    expect(comparisonText('30d')).toBe('comparado com os 30 dias anteriores');
    expect(comparisonText('90d')).toBe('comparado com os 90 dias anteriores');
    expect(comparisonText('1y')).toBe('comparado com o ano anterior');
  });

  it('shows a percent only from a base of 10 or more', () => {
    const many = {
      ...facts,
      calls: sortedInstants([...Array(12).fill('2026-11-11T10:00:00Z'), '2026-11-20T10:00:00Z']),
    };
    const calls = periodKpis(many, periodWindows('7d', now)).kpis.find((k) => k.key === 'calls')!;
    expect([calls.value, calls.previous, formatChangeFigure(calls.change)]).toEqual([1, 12, '-91,7%']);
  });

  it('formats changes and rates the pt-PT way', () => {
    expect(formatChange(12.5)).toBe('+12,5%');
    expect(formatChange(-3)).toBe('-3%');
    expect(formatChange(0)).toBe('0%');
    expect(formatChange(null)).toBe('—');
    expect(formatChange(-2.5, ' p.p.')).toBe('-2,5 p.p.');
    expect(formatRate(23.45)).toBe('23,5%');
  });
});

describe('client facts', () => {
  it('are the same whatever order the clients are read in, ties in time included', () => {
    const at = '2026-11-18T10:00:00.000Z';
    const rows = [
      { createdAt: at, type: 'Vendedor' as ClientType },
      { createdAt: at, type: 'Comprador' as ClientType },
      { createdAt: '2026-01-01T10:00:00Z', type: 'Investidor' as ClientType },
      { createdAt: at, type: 'Comprador' as ClientType },
    ];
    const expected = clientFacts(rows);
    expect(expected.types).toEqual(['Investidor', 'Comprador', 'Comprador', 'Vendedor']);
    expect(clientFacts([...rows].reverse())).toEqual(expected);
    expect(clientFacts([rows[1]!, rows[3]!, rows[0]!, rows[2]!])).toEqual(expected);
  });
});

describe('the whole report', () => {
  it('puts every block together for a period', () => {
    const clients = clientFacts([
      { createdAt: '2026-11-18T10:00:00Z', type: 'Investidor' },
      { createdAt: '2026-01-01T10:00:00Z', type: 'Comprador' },
      { createdAt: '2026-02-01T10:00:00Z', type: 'Comprador' },
      { createdAt: 'inválido', type: 'Vendedor' },
    ]);
    expect(clients.created.map(isoOf)).toEqual([
      '2026-01-01T10:00:00.000Z',
      '2026-02-01T10:00:00.000Z',
      '2026-11-18T10:00:00.000Z',
    ]);
    const { clientsCreated: _ignored, ...activity } = facts;
    const report = buildReport({ period: '7d', now, clients, activity, overdueFollowUps: 3 });
    expect(report.granularity).toBe('day');
    expect(report.kpis[0]).toMatchObject({ key: 'newClients', value: 1, previous: 0 });
    expect(report.conversionLevel).toBe('good');
    expect(report.distribution.total).toBe(3);
    expect(report.insights.topNewType?.type).toBe('Investidor');
    expect(report.insights.topType?.type).toBe('Comprador');
    expect(report.insights.overdueFollowUps).toBe(3);
    expect(report.insights.callsPerDay).toEqual({ average: 0.6, goal: 20 });
    expect(
      buildReport({ period: '1y', now, clients, activity, overdueFollowUps: 0 }).series.labels,
    ).toHaveLength(13);
  });
});
