import type { Knex } from 'knex';
import { FOLLOW_UP_CALL_RESULTS } from '@casa/shared-schema';
import { dialectOf } from '../../db/knex';
import { toNumber } from '../../db/rows';
import type { OrganizationScope } from '../../db/scope';

/**
 * What the stats count, reduced to sorted instants (epoch ms) so that any window — the Lisbon day and
 * month, the last 30 days, a `?period` — is two binary searches, whatever "now" is. Loaded with a few
 * queries per organization and kept by stats-cache.ts until a write touches the tables.
 */
export type Instants = Float64Array;

export type ClientFacts = { total: number; byType: Record<string, number>; createdAt: Instants };
export type FollowUpFacts = { pending: number; pendingScheduled: Instants; completedAt: Instants };
export type ColdCallFacts = {
  total: number;
  converted: number;
  calledAt: Instants;
  convertedCalledAt: Instants;
  activeCampaigns: number;
};

type Row = Record<string, unknown>;

/**
 * A timestamp column as epoch ms. Postgres keeps microseconds: flooring to the ms keeps every comparison
 * with the ms-precise bounds the stats use (an ISO string with milliseconds) as the SQL one was.
 * SQLite stores the ISO text the server writes, parsed in JS.
 */
function instantColumn(knex: Knex, column: string): Knex.Raw {
  return dialectOf(knex) === 'pg'
    ? knex.raw(`floor(extract(epoch from ??) * 1000)::float8 as at`, [column])
    : knex.raw('?? as at', [column]);
}

function instants(rows: readonly Row[]): Instants {
  const out = new Float64Array(rows.length);
  let n = 0;
  for (const row of rows) {
    const at = typeof row.at === 'number' ? row.at : Date.parse(String(row.at));
    if (Number.isFinite(at)) out[n++] = at;
  }
  return out.subarray(0, n).sort();
}

/** How many instants lie in [start, end) (either bound may be open). */
export function countIn(list: Instants, start = -Infinity, end = Infinity): number {
  return lowerBound(list, end) - lowerBound(list, start);
}

function lowerBound(list: Instants, value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export async function loadClientFacts(knex: Knex, scope: OrganizationScope): Promise<ClientFacts> {
  const [byTypeRows, created] = await Promise.all([
    scope.table('clients').select('type').count({ n: '*' }).groupBy('type') as Promise<Row[]>,
    scope
      .table('clients')
      .whereNotNull('clients.created_at')
      .select(instantColumn(knex, 'clients.created_at')) as Promise<Row[]>,
  ]);
  const byType: Record<string, number> = {};
  let total = 0;
  for (const row of byTypeRows) {
    const n = toNumber(row.n);
    total += n;
    byType[String(row.type)] = n;
  }
  return { total, byType, createdAt: instants(created) };
}

export async function loadFollowUpFacts(knex: Knex, scope: OrganizationScope): Promise<FollowUpFacts> {
  const [pending, scheduled, completed] = await Promise.all([
    scope.table('follow_ups').where('completed', false).count({ n: '*' }).first() as Promise<Row | undefined>,
    scope
      .table('follow_ups')
      .where('completed', false)
      .whereNotNull('follow_ups.scheduled_date')
      .select(instantColumn(knex, 'follow_ups.scheduled_date')) as Promise<Row[]>,
    scope
      .table('follow_ups')
      .where('completed', true)
      .whereNotNull('follow_ups.completed_at')
      .select(instantColumn(knex, 'follow_ups.completed_at')) as Promise<Row[]>,
  ]);
  return {
    pending: toNumber(pending?.n),
    pendingScheduled: instants(scheduled),
    completedAt: instants(completed),
  };
}

export async function loadColdCallFacts(knex: Knex, scope: OrganizationScope): Promise<ColdCallFacts> {
  const converted = (q: Knex.QueryBuilder) => q.whereIn('result', [...FOLLOW_UP_CALL_RESULTS]);
  const [total, convertedCount, called, convertedCalled, campaigns] = await Promise.all([
    scope.table('cold_calls').count({ n: '*' }).first() as Promise<Row | undefined>,
    converted(scope.table('cold_calls')).count({ n: '*' }).first() as Promise<Row | undefined>,
    scope
      .table('cold_calls')
      .whereNotNull('cold_calls.called_at')
      .select(instantColumn(knex, 'cold_calls.called_at')) as Promise<Row[]>,
    converted(scope.table('cold_calls'))
      .whereNotNull('cold_calls.called_at')
      .select(instantColumn(knex, 'cold_calls.called_at')) as Promise<Row[]>,
    scope.table('cold_call_campaigns').where('status', 'active').count({ n: '*' }).first() as Promise<
      Row | undefined
    >,
  ]);
  return {
    total: toNumber(total?.n),
    converted: toNumber(convertedCount?.n),
    calledAt: instants(called),
    convertedCalledAt: instants(convertedCalled),
    activeCampaigns: toNumber(campaigns?.n),
  };
}
