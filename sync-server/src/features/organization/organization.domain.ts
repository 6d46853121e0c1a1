import { randomUUID } from 'node:crypto';
import {
  can,
  errorMessages,
  organizationDetailsSchema,
  organizationSchema,
  organizationUserCreateSchema,
  organizationUserUpdateSchema,
  type Organization,
  type OrganizationDetails,
  type OrganizationRole,
  type User,
} from '@casa/shared-schema';
import type { Knex } from 'knex';
import { recordAccountChange } from '../../db/change-log';
import { fromDbRow } from '../../db/rows';
import type { DomainCtx } from '../../http/context';
import { emailInUse, forbidden, notFound } from '../../http/errors';
import type { Auth } from '../../http/types';
import { hashPassword } from '../../lib/password';
import { newPasswordColumns } from '../accounts/password.service';
import { formFieldsOf, insertUser } from '../accounts/user-insert.service';
import { emailTaken, loadUserRow, toUser } from '../accounts/user.views';
import {
  assertCanJoin,
  assertKeepsAnAdmin,
  assertRoleLimit,
  idOr404,
  savedRegistrationSettings,
} from './user-rules.policy';

/** The organization admin's own organization id; anyone else is refused (docs/product.md#roles). */
export function adminOrganizationId(auth: Auth): string {
  if (!can(auth, 'administerOrganization') || !auth.organizationId) throw forbidden(errorMessages.forbidden);
  return auth.organizationId;
}

export function toOrganization(row: Record<string, unknown>): Organization {
  return organizationSchema.parse(fromDbRow('organizations', row));
}

/** GET /api/organization. */
export async function getOrganization(ctx: DomainCtx): Promise<OrganizationDetails> {
  const organizationId = adminOrganizationId(ctx.auth);
  const row = (await ctx
    .db('organizations')
    .leftJoin('packages', 'packages.id', 'organizations.package_id')
    .where('organizations.id', organizationId)
    .first('organizations.*', 'packages.display_name as package_display_name')) as
    Record<string, unknown> | undefined;
  if (!row) throw notFound(errorMessages.organizationNotFound);
  const { package_display_name: packageDisplayName, ...org } = row;
  return organizationDetailsSchema.parse({
    ...toOrganization(org),
    packageDisplayName: (packageDisplayName as string | null) ?? null,
  });
}

async function orgUserRows(db: Knex, organizationId: string, userId?: string) {
  const query = db('users')
    .leftJoin('organizations', 'organizations.id', 'users.organization_id')
    .where('users.organization_id', organizationId)
    .select('users.*', 'organizations.name as organization_name')
    .orderBy('users.created_at', 'asc')
    .orderBy('users.id', 'asc');
  if (userId) query.where('users.id', userId);
  return (await query) as Record<string, unknown>[];
}

/** GET /api/organization/users: no password hashes; lastLoginAt included. */
export async function listOrganizationUsers(ctx: DomainCtx): Promise<User[]> {
  const organizationId = adminOrganizationId(ctx.auth);
  return (await orgUserRows(ctx.db, organizationId)).map(toUser);
}

async function getOrgUser(db: Knex, organizationId: string, userId: string): Promise<User> {
  const [row] = await orgUserRows(db, organizationId, idOr404(userId, errorMessages.userNotFound));
  if (!row) throw notFound(errorMessages.userNotFound);
  return toUser(row);
}

/** POST /api/organization/users: maxUsers and the registration settings apply (user-rules.policy.ts). */
export async function createOrganizationUser(ctx: DomainCtx, args: unknown): Promise<User> {
  const organizationId = adminOrganizationId(ctx.auth);
  const input = organizationUserCreateSchema.parse(args);
  if (input.id) {
    const [existing] = await orgUserRows(ctx.db, organizationId, input.id);
    if (existing) return toUser(existing);
  }
  if (await emailTaken(ctx.db, input.email)) throw emailInUse(errorMessages.emailInUse);
  const settings = await savedRegistrationSettings(ctx.db, organizationId);
  const role: OrganizationRole = input.role ?? (settings?.enabled ? settings.defaultRole : 'agent');
  const passwordHash = await hashPassword(input.password);
  const id = input.id ?? randomUUID();
  await insertUser(
    ctx.db,
    {
      id,
      organizationId,
      ...formFieldsOf(input),
      passwordHash,
      role,
    },
    ctx.now,
    {
      emailInUseMessage: errorMessages.emailInUse,
      before: (trx) => assertCanJoin(trx, organizationId, { email: input.email, role }),
    },
  );
  ctx.log.info({ userId: id, organizationId }, 'organization user created');
  return toUser(await loadUserRow(ctx.db, id));
}

/** PUT /api/organization/users/{id}: email never changes; the password only when sent. */
export async function updateOrganizationUser(ctx: DomainCtx, rawId: string, args: unknown): Promise<User> {
  const organizationId = adminOrganizationId(ctx.auth);
  const id = idOr404(rawId, errorMessages.userNotFound);
  const current = await getOrgUser(ctx.db, organizationId, id);
  const input = organizationUserUpdateSchema.parse(args);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  await ctx.db.transaction(async (trx) => {
    const losesAdmin =
      current.role === 'admin' &&
      ((input.role !== undefined && input.role !== 'admin') ||
        (input.status !== undefined && input.status !== 'active'));
    if (losesAdmin) await assertKeepsAnAdmin(trx, organizationId, id);
    if (input.role && input.role !== current.role) await assertRoleLimit(trx, organizationId, input.role);
    const patch: Record<string, unknown> = {
      first_name: input.firstName,
      last_name: input.lastName,
      phone: input.phone,
      bio: input.bio,
      role: input.role,
      status: input.status,
      ...(passwordHash ? newPasswordColumns(trx, passwordHash) : {}),
      updated_at: ctx.now,
    };
    for (const key of Object.keys(patch)) if (patch[key] === undefined) delete patch[key];
    await trx('users').where({ id, organization_id: organizationId }).update(patch);
    await recordAccountChange(trx, { table: 'users', userId: id, organizationId }, ctx.now);
  });
  return getOrgUser(ctx.db, organizationId, id);
}

/** DELETE /api/organization/users/{id}: not oneself, not the last admin; other organizations' → 404. */
export async function deleteOrganizationUser(ctx: DomainCtx, rawId: string): Promise<void> {
  const organizationId = adminOrganizationId(ctx.auth);
  const id = idOr404(rawId, errorMessages.userNotFound);
  const target = await getOrgUser(ctx.db, organizationId, id);
  if (target.id === ctx.auth.userId) throw forbidden(errorMessages.cannotDeleteSelf);
  await ctx.db.transaction(async (trx) => {
    if (target.role === 'admin') await assertKeepsAnAdmin(trx, organizationId, id);
    await trx('users').where({ id, organization_id: organizationId }).del();
    await recordAccountChange(trx, { table: 'users', userId: id, organizationId, op: 'delete' }, ctx.now);
  });
  ctx.log.info({ userId: id, organizationId }, 'organization user deleted');
}
