import { randomUUID } from 'node:crypto';
import {
  errorMessages,
  normalizeOrganizationPlan,
  organizationCreateSchema,
  organizationPlanSchema,
  organizationUpdateSchema,
  statusToggleSchema,
  type Organization,
  type OrganizationPlan,
} from '@casa/shared-schema';
import type { Knex } from 'knex';
import { toDbRow, toNumber } from '../../db/rows';
import type { DomainCtx } from '../../http/context';
import { conflict, notFound, protectedResource } from '../../http/errors';
import { isUniqueViolation } from '../accounts/user.views';
import { toOrganization } from '../organization/organization.domain';
import { idOr404 } from '../organization/user-rules.policy';
import { assertSuperAdmin } from './packages.domain';

type Db = Knex | Knex.Transaction;
type Row = Record<string, unknown>;

/**
 * The plan a package stands for: the last segment of its technical name that names a plan or an alias
 * (org-professional → professional; ind-basic → starter, ind-pro → professional, ind-premium → enterprise).
 */
export function planOfPackage(name: unknown): OrganizationPlan | undefined {
  if (typeof name !== 'string') return undefined;
  for (const segment of name.toLowerCase().split('-').reverse()) {
    const parsed = organizationPlanSchema.safeParse(normalizeOrganizationPlan(segment));
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

function has(args: unknown, key: string): boolean {
  return typeof args === 'object' && args !== null && key in args && (args as Row)[key] !== undefined;
}

/** Organizations with their user and (live) client counts, newest first. */
export async function organizationsWithCounts(db: Db, limit?: number): Promise<Organization[]> {
  const users = db('users').select('organization_id').count({ n: '*' }).groupBy('organization_id').as('u');
  const clients = db('clients')
    .whereNull('deleted_at')
    .select('organization_id')
    .count({ n: '*' })
    .groupBy('organization_id')
    .as('c');
  const query = db('organizations')
    .leftJoin(users, 'u.organization_id', 'organizations.id')
    .leftJoin(clients, 'c.organization_id', 'organizations.id')
    .select('organizations.*', 'u.n as user_count', 'c.n as client_count')
    .orderBy('organizations.created_at', 'desc')
    .orderBy('organizations.id', 'asc');
  if (limit) query.limit(limit);
  const rows = (await query) as Row[];
  return rows.map(({ user_count, client_count, ...row }) => ({
    ...toOrganization(row),
    userCount: toNumber(user_count),
    clientCount: toNumber(client_count),
  }));
}

async function getOrganizationRow(db: Db, id: string): Promise<Row> {
  const row = (await db('organizations')
    .where('id', idOr404(id, errorMessages.organizationNotFound))
    .first()) as Row | undefined;
  if (!row) throw notFound(errorMessages.organizationNotFound);
  return row;
}

/**
 * Name (case-insensitive, compared in JavaScript: SQLite's lower() folds ASCII only) or email already
 * used by another organization. Organizations are few (one per customer), so they are read in full.
 */
async function clash(db: Db, fields: { name?: string; email?: string }, exceptId?: string): Promise<boolean> {
  if (!fields.name && !fields.email) return false;
  const query = db('organizations').select('id', 'name', 'email');
  if (exceptId) query.whereNot('id', exceptId);
  const key = (v: unknown) =>
    String(v ?? '')
      .trim()
      .toLocaleLowerCase('pt-PT');
  const name = fields.name ? key(fields.name) : undefined;
  const email = fields.email ? key(fields.email) : undefined;
  return ((await query) as Row[]).some(
    (r) => (name && key(r.name) === name) || (email && key(r.email) === email),
  );
}

async function findPackage(db: Db, packageId: string | null | undefined): Promise<Row | undefined> {
  if (packageId) {
    const row = (await db('packages').where('id', packageId).first()) as Row | undefined;
    if (!row) throw notFound(errorMessages.packageNotFound);
    return row;
  }
  return (await db('packages').orderBy('sort_order', 'asc').orderBy('name', 'asc').first()) as
    Row | undefined;
}

/** GET /api/saas/organizations. */
export async function listSaasOrganizations(ctx: DomainCtx): Promise<Organization[]> {
  assertSuperAdmin(ctx.auth);
  return organizationsWithCounts(ctx.db);
}

/**
 * POST /api/saas/organizations (docs/product.md#saas-admin): name and email required; the package defaults to the first
 * one; limits not sent are copied from the package (invalid numbers fall back to 5 and 500).
 */
export async function createSaasOrganization(ctx: DomainCtx, args: unknown): Promise<Organization> {
  assertSuperAdmin(ctx.auth);
  const input = organizationCreateSchema.parse(args);
  if (input.id) {
    const existing = (await ctx.db('organizations').where('id', input.id).first()) as Row | undefined;
    if (existing) return toOrganization(existing);
  }
  if (await clash(ctx.db, input)) throw conflict(errorMessages.organizationConflict);
  const pkg = await findPackage(ctx.db, input.packageId);
  const id = input.id ?? randomUUID();
  const row = {
    id,
    name: input.name,
    email: input.email,
    packageId: (pkg?.id as string | undefined) ?? null,
    plan: has(args, 'plan') ? input.plan : (planOfPackage(pkg?.name) ?? input.plan),
    status: input.status,
    maxUsers: !has(args, 'maxUsers') && pkg ? toNumber(pkg.max_users) : input.maxUsers,
    maxClients: !has(args, 'maxClients') && pkg ? toNumber(pkg.max_clients) : input.maxClients,
    settings: input.settings,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  try {
    await ctx.db('organizations').insert(toDbRow('organizations', row));
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(errorMessages.organizationConflict);
    throw err;
  }
  ctx.log.info({ organizationId: id }, 'organization created by super admin');
  return toOrganization(await getOrganizationRow(ctx.db, id));
}

/** PUT /api/saas/organizations/{id}: the email is not editable (ignored); a new package copies its limits. */
export async function updateSaasOrganization(
  ctx: DomainCtx,
  id: string,
  args: unknown,
): Promise<Organization> {
  assertSuperAdmin(ctx.auth);
  const current = await getOrganizationRow(ctx.db, id);
  const { email: _email, ...input } = organizationUpdateSchema.parse(args);
  const orgId = String(current.id);
  if (input.name && (await clash(ctx.db, { name: input.name }, orgId))) {
    throw conflict(errorMessages.organizationConflict);
  }
  const patch: Row = { ...input, updatedAt: ctx.now };
  if (input.packageId && input.packageId !== current.package_id) {
    const pkg = await findPackage(ctx.db, input.packageId);
    patch.maxUsers ??= toNumber(pkg?.max_users);
    patch.maxClients ??= toNumber(pkg?.max_clients);
    if (!has(args, 'plan')) patch.plan = planOfPackage(pkg?.name) ?? current.plan;
  }
  await ctx.db('organizations').where('id', orgId).update(toDbRow('organizations', patch));
  return toOrganization(await getOrganizationRow(ctx.db, orgId));
}

/** PUT /api/saas/organizations/{id}/status: Suspender / Ativar. Suspension locks its users out at once. */
export async function setSaasOrganizationStatus(
  ctx: DomainCtx,
  id: string,
  args: unknown,
): Promise<Organization> {
  assertSuperAdmin(ctx.auth);
  const current = await getOrganizationRow(ctx.db, id);
  const { status } = statusToggleSchema.parse(args);
  await ctx
    .db('organizations')
    .where('id', current.id as string)
    .update({ status, updated_at: ctx.now });
  ctx.log.info({ organizationId: current.id, status }, 'organization status changed');
  return toOrganization(await getOrganizationRow(ctx.db, String(current.id)));
}

/**
 * DELETE /api/saas/organizations/{id}: protected organizations are refused ('Organização Protegida');
 * otherwise the row goes and the foreign keys cascade to everything it owns (users, clients, …).
 */
export async function deleteSaasOrganization(ctx: DomainCtx, id: string): Promise<void> {
  assertSuperAdmin(ctx.auth);
  const current = await getOrganizationRow(ctx.db, id);
  if (current.is_protected === true || current.is_protected === 1) {
    throw protectedResource(errorMessages.organizationProtected);
  }
  await ctx.db.transaction(async (trx) => {
    await trx('organizations')
      .where('id', current.id as string)
      .del();
  });
  ctx.log.info({ organizationId: current.id }, 'organization deleted');
}
