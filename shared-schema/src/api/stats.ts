import { z } from 'zod';

/** Report periods (docs/product.md#reports): 7d, 30d, 90d, 1y; default 30d. */
export const STATS_PERIODS = ['7d', '30d', '90d', '1y'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

export const statsQuerySchema = z.object({
  period: z.preprocess((v) => (v === '' ? undefined : v), z.enum(STATS_PERIODS).optional()),
});
export type StatsQuery = z.infer<typeof statsQuerySchema>;

/** Month-over-month figures shown on the dashboard instead of a static '+12%'. null: no previous data. */
const monthOverMonth = {
  thisMonth: z.number().int(),
  previousMonth: z.number().int(),
  changePercent: z.number().nullable(),
};

/** The optional ?period window: counts created in the last N days and the N days before. */
export const statsPeriodSchema = z.object({
  period: z.enum(STATS_PERIODS),
  from: z.string(),
  to: z.string(),
  count: z.number().int(),
  previousCount: z.number().int(),
  changePercent: z.number().nullable(),
});
export type StatsPeriodFigures = z.infer<typeof statsPeriodSchema>;

export const clientStatsSchema = z.object({
  totalClients: z.number().int(),
  /** Created in the last 30 days. */
  recentClients: z.number().int(),
  clientsByType: z.object({
    Comprador: z.number().int(),
    Vendedor: z.number().int(),
    Investidor: z.number().int(),
  }),
  clientsThisMonth: monthOverMonth.thisMonth,
  clientsPreviousMonth: monthOverMonth.previousMonth,
  changePercent: monthOverMonth.changePercent,
  period: statsPeriodSchema.optional(),
});
export type ClientStats = z.infer<typeof clientStatsSchema>;

export const followUpStatsSchema = z.object({
  /** Not completed, scheduled within today's Lisbon day. */
  todayCount: z.number().int(),
  /** Not completed, scheduled before now. */
  overdueCount: z.number().int(),
  /** Not completed. */
  pendingCount: z.number().int(),
  /** Completed within the current Lisbon month. */
  completedThisMonth: z.number().int(),
  completedPreviousMonth: z.number().int(),
  changePercent: z.number().nullable(),
  period: statsPeriodSchema.optional(),
});
export type FollowUpStats = z.infer<typeof followUpStatsSchema>;

export const coldCallStatsSchema = z.object({
  totalCalls: z.number().int(),
  /** Called within today's Lisbon day. */
  callsToday: z.number().int(),
  /** Percent (one decimal) of calls whose result is Interessado or Agendar Follow-up; 0 without calls. */
  conversionRate: z.number(),
  /** Campaigns with status active. */
  activeCampaigns: z.number().int(),
  callsThisMonth: monthOverMonth.thisMonth,
  callsPreviousMonth: monthOverMonth.previousMonth,
  changePercent: monthOverMonth.changePercent,
  period: statsPeriodSchema.extend({ conversionRate: z.number() }).optional(),
});
export type ColdCallStats = z.infer<typeof coldCallStatsSchema>;
