import { defineRoutes, route } from '../../http/route';
import {
  clientStatsSchema,
  coldCallStatsSchema,
  followUpStatsSchema,
  organizationStatsSchema,
  statsQuerySchema,
} from '@casa/shared-schema';
import { domainCtx } from '../../http/context';
import { organizationStats } from './organization-stats.domain';
import { clientStats, coldCallStats, followUpStats } from './stats.domain';

export function statsRoutes() {
  return defineRoutes('stats', [
    route(
      {
        method: 'GET',
        path: '/api/stats/clients',
        summary: 'Client figures for a period',
        audience: 'member',
        query: statsQuerySchema,
        answer: clientStatsSchema,
        errors: [400, 401, 403],
      },
      async (ctx) => {
        ctx.body = await clientStats(domainCtx(ctx), ctx.query);
      },
    ),
    route(
      {
        method: 'GET',
        path: '/api/stats/followups',
        summary: 'Follow-up figures for a period',
        audience: 'member',
        query: statsQuerySchema,
        answer: followUpStatsSchema,
        errors: [400, 401, 403],
      },
      async (ctx) => {
        ctx.body = await followUpStats(domainCtx(ctx), ctx.query);
      },
    ),
    route(
      {
        method: 'GET',
        path: '/api/stats/coldcalls',
        summary: 'Cold-call figures for a period',
        audience: 'member',
        query: statsQuerySchema,
        answer: coldCallStatsSchema,
        errors: [400, 401, 403],
      },
      async (ctx) => {
        ctx.body = await coldCallStats(domainCtx(ctx), ctx.query);
      },
    ),
    route(
      {
        method: 'GET',
        path: '/api/organization/stats',
        summary: 'Organization usage figures (a super admin passes ?organizationId=)',
        tags: ['organization', 'stats'],
        audience: 'admin',
        answer: organizationStatsSchema,
        errors: [401, 403, 404],
      },
      async (ctx) => {
        ctx.body = await organizationStats(domainCtx(ctx), ctx.query);
      },
    ),
  ]);
}
