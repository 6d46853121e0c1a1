import {
  monthlyRevenueEstimate,
  ROLES,
  saasStatsSchema,
  usersByRoleTemplate,
  type Role,
  type SaasStats,
} from '@casa/shared-schema';
import { toDecimalString, toNumber } from '../../db/rows';
import type { DomainCtx } from '../../http/context';
import { assertSuperAdmin } from './packages.domain';
import { organizationsWithCounts } from './saas-organizations.domain';

type Row = Record<string, unknown>;

/** GET /api/saas/stats: the SaaS overview cards, users per role and the 5 most recent organizations. */
export async function saasStats(ctx: DomainCtx): Promise<SaasStats> {
  assertSuperAdmin(ctx.auth);
  const organizations = (await ctx.db('organizations').select('status', 'plan', 'package_id')) as Row[];
  const packages = (await ctx.db('packages').select('id', 'price')) as Row[];
  const roleRows = (await ctx
    .db('users')
    .select('role', 'is_super_admin')
    .count({ n: '*' })
    .groupBy('role', 'is_super_admin')) as Row[];
  const usersByRole = usersByRoleTemplate();
  let totalUsers = 0;
  for (const row of roleRows) {
    const superAdmin = row.is_super_admin === true || row.is_super_admin === 1;
    const role = (superAdmin ? 'super_admin' : row.role) as Role;
    const n = toNumber(row.n);
    totalUsers += n;
    if ((ROLES as readonly string[]).includes(role)) usersByRole[role] += n;
  }
  return saasStatsSchema.parse({
    totalOrganizations: organizations.length,
    activeOrganizations: organizations.filter((o) => o.status === 'active').length,
    totalUsers,
    monthlyRevenue: monthlyRevenueEstimate(
      organizations.map((o) => ({
        status: String(o.status),
        plan: String(o.plan),
        packageId: (o.package_id as string | null) ?? null,
      })),
      packages.map((p) => ({ id: String(p.id), price: toDecimalString(p.price) })),
    ),
    usersByRole,
    recentOrganizations: await organizationsWithCounts(ctx.db, 5),
  });
}
