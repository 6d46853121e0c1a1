import { seqCached, type SeqCacheSpec } from '../../db/seq-cache';
import type { DomainCtx } from '../../http/context';

/** The tables each kind of stats reads: a write to any of them (a change-log entry) makes it stale. */
export const STATS_TABLES = {
  clients: ['clients'],
  followUps: ['follow_ups'],
  coldCalls: ['cold_calls', 'cold_call_campaigns'],
} as const;
export type StatsKind = keyof typeof STATS_TABLES;

/** Organizations × kinds kept per database (least recently used dropped first). */
export const STATS_CACHE: SeqCacheSpec = { maxEntries: 300 };

/**
 * The stats facts of the session's organization, from the cache while no write reached their tables
 * (db/seq-cache.ts holds the validity rule). Facts are instants, not figures, so "now" never makes an
 * entry stale: the figures are computed from them per request.
 */
export function cachedFacts<T>(ctx: DomainCtx, kind: StatsKind, load: () => Promise<T>): Promise<T> {
  return seqCached(ctx, STATS_CACHE, kind, STATS_TABLES[kind], load);
}
