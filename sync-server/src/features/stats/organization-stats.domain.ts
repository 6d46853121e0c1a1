import type { Knex } from 'knex';
import { can, errorMessages, uuidSchema, type OrganizationStats } from '@casa/shared-schema';
import { dialectOf } from '../../db/knex';
import { toNumber } from '../../db/rows';
import { SYNCABLE_TABLES } from '../../db/tables';
import type { DomainCtx } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';

const DAY_MS = 86_400_000;

/** Tables whose rows belong to an organization through organization_id (soft-deleted rows included: they are stored). */
const ORGANIZATION_TABLES = [
  ...SYNCABLE_TABLES,
  'push_devices',
  'subscriptions',
  'registration_settings',
] as const;

const columnCache = new WeakMap<Knex, Map<string, string[]>>();

async function columnsOf(knex: Knex, table: string): Promise<string[]> {
  let cache = columnCache.get(knex);
  if (!cache) columnCache.set(knex, (cache = new Map()));
  let columns = cache.get(table);
  if (!columns) {
    columns = Object.keys(await knex(table).columnInfo());
    cache.set(table, columns);
  }
  return columns;
}

/** SUM over the rows of `table` matching `where` of the byte length of every column's text form. */
async function bytesOf(
  knex: Knex,
  table: string,
  where: (q: Knex.QueryBuilder) => Knex.QueryBuilder,
): Promise<number> {
  const columns = await columnsOf(knex, table);
  if (columns.length === 0) return 0;
  const one =
    dialectOf(knex) === 'pg'
      ? 'COALESCE(octet_length(CAST(?? AS text)), 0)'
      : 'COALESCE(length(CAST(CAST(?? AS TEXT) AS BLOB)), 0)';
  const expr = columns.map(() => one).join(' + ');
  const row = (await where(knex(table))
    .select(
      knex.raw(
        `SUM(${expr}) AS bytes`,
        columns.map((c) => `${table}.${c}`),
      ),
    )
    .first()) as { bytes: unknown } | undefined;
  return toNumber(row?.bytes);
}

/**
 * storageUsed, in bytes: the byte length of the text form of every column of every row the organization
 * owns (its organization row, its users, and its rows in every organization table, soft-deleted ones
 * included), plus the size of its users' photos. Same measure on SQLite and Postgres; see docs/decisions.md.
 */
export async function organizationStorageBytes(knex: Knex, organizationId: string): Promise<number> {
  const byOrg = (q: Knex.QueryBuilder) => q.where('organization_id', organizationId);
  const parts = await Promise.all([
    bytesOf(knex, 'organizations', (q) => q.where('id', organizationId)),
    bytesOf(knex, 'users', byOrg),
    ...ORGANIZATION_TABLES.map((t) => bytesOf(knex, t, byOrg)),
  ]);
  const photos = (await knex('user_photos')
    .join('users', 'users.id', 'user_photos.user_id')
    .where('users.organization_id', organizationId)
    .sum({ bytes: 'user_photos.size' })
    .first()) as { bytes: unknown } | undefined;
  return parts.reduce((a, b) => a + b, 0) + toNumber(photos?.bytes);
}

/**
 * GET /api/organization/stats for an organization admin (their organization) or a super admin
 * (the organization named by ?organizationId=, which a super admin must give since they have none).
 */
export async function organizationStats(ctx: DomainCtx, args: unknown = {}): Promise<OrganizationStats> {
  const { auth } = ctx;
  let organizationId = auth.organizationId;
  if (can(auth, 'administerSaas')) {
    const requested = (args as { organizationId?: unknown } | null)?.organizationId;
    if (requested === undefined) throw forbidden(errorMessages.organizationRequired);
    const id = uuidSchema.safeParse(requested);
    if (!id.success) throw notFound();
    organizationId = id.data;
  } else if (!can(auth, 'administerOrganization')) {
    throw forbidden(errorMessages.forbidden);
  }
  if (!organizationId) throw forbidden(errorMessages.organizationRequired);
  const exists = await ctx.db('organizations').where('id', organizationId).first('id');
  if (!exists) throw notFound();

  const since = new Date(new Date(ctx.now).getTime() - 30 * DAY_MS).toISOString();
  const countOf = async (q: Knex.QueryBuilder) =>
    toNumber(((await q.count({ n: '*' }).first()) as { n: unknown } | undefined)?.n);
  const [userCount, clientCount, activeUsers, storageUsed] = await Promise.all([
    countOf(ctx.db('users').where('organization_id', organizationId)),
    countOf(ctx.db('clients').where('organization_id', organizationId).whereNull('deleted_at')),
    countOf(ctx.db('users').where('organization_id', organizationId).where('last_login_at', '>=', since)),
    organizationStorageBytes(ctx.db, organizationId),
  ]);
  return { userCount, clientCount, activeUsers, storageUsed };
}
