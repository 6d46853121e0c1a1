import { randomUUID } from 'node:crypto';
import {
  errorMessages,
  saasUserCreateSchema,
  saasUserUpdateSchema,
  statusToggleSchema,
  type User,
} from '@casa/shared-schema';
import type { Knex } from 'knex';
import { recordAccountChange } from '../../db/change-log';
import type { DomainCtx } from '../../http/context';
import { emailInUse, forbidden, notFound, protectedResource } from '../../http/errors';
import { hashPassword } from '../../lib/password';
import { newPasswordColumns } from '../accounts/password.service';
import { formFieldsOf, insertUser } from '../accounts/user-insert.service';
import { toUser } from '../accounts/user.views';
import { idOr404 } from '../organization/user-rules.policy';
import { assertSuperAdmin } from './packages.domain';

type Row = Record<string, unknown>;

function usersQuery(db: Knex) {
  return db('users')
    .leftJoin('organizations', 'organizations.id', 'users.organization_id')
    .select('users.*', 'organizations.name as organization_name');
}

async function getUserRow(db: Knex, id: string): Promise<Row> {
  const row = (await usersQuery(db).where('users.id', idOr404(id, errorMessages.userNotFound)).first()) as
    Row | undefined;
  if (!row) throw notFound(errorMessages.userNotFound);
  return row;
}

function withOrganizationName(row: Row): User {
  return { ...toUser(row), organizationName: (row.organization_name as string | null) ?? null };
}

const isSuper = (row: Row) =>
  row.is_super_admin === true || row.is_super_admin === 1 || row.role === 'super_admin';

async function assertOrganizationExists(db: Knex, organizationId: string): Promise<void> {
  if (!(await db('organizations').where('id', organizationId).first('id'))) {
    throw notFound(errorMessages.organizationNotFound);
  }
}

/**
 * Updates a users row and logs it for the organization's devices: a user moved to another organization
 * leaves the old one's log as a delete and enters the new one's.
 */
async function writeUser(ctx: DomainCtx, current: Row, patch: Row): Promise<void> {
  const userId = String(current.id);
  const before = (current.organization_id as string | null) ?? null;
  await ctx.db.transaction(async (trx) => {
    await trx('users').where('id', userId).update(patch);
    const after = patch.organization_id === undefined ? before : (patch.organization_id as string | null);
    if (before !== after) {
      await recordAccountChange(
        trx,
        { table: 'users', userId, organizationId: before, op: 'delete' },
        ctx.now,
      );
    }
    await recordAccountChange(trx, { table: 'users', userId, organizationId: after }, ctx.now);
  });
}

/** GET /api/saas/users: every user with the organization's name, no password hashes. */
export async function listSaasUsers(ctx: DomainCtx): Promise<User[]> {
  assertSuperAdmin(ctx.auth);
  const rows = (await usersQuery(ctx.db).orderBy('users.created_at', 'desc').orderBy('users.id')) as Row[];
  return rows.map(withOrganizationName);
}

/** POST /api/saas/users. A super_admin role makes a super admin without an organization. */
export async function createSaasUser(ctx: DomainCtx, args: unknown): Promise<User> {
  assertSuperAdmin(ctx.auth);
  const input = saasUserCreateSchema.parse(args);
  if (input.id) {
    const existing = (await usersQuery(ctx.db).where('users.id', input.id).first()) as Row | undefined;
    if (existing) return withOrganizationName(existing);
  }
  const superAdmin = input.role === 'super_admin';
  const organizationId = superAdmin ? null : (input.organizationId ?? null);
  if (organizationId) await assertOrganizationExists(ctx.db, organizationId);
  if (await ctx.db('users').where('email', input.email).first('id')) {
    throw emailInUse(errorMessages.userEmailInUse);
  }
  const id = input.id ?? randomUUID();
  await insertUser(
    ctx.db,
    {
      id,
      organizationId,
      ...formFieldsOf(input),
      passwordHash: input.password ? await hashPassword(input.password) : null,
      role: input.role,
      isSuperAdmin: superAdmin,
    },
    ctx.now,
    { emailInUseMessage: errorMessages.userEmailInUse },
  );
  return withOrganizationName(await getUserRow(ctx.db, id));
}

/**
 * PUT /api/saas/users/{id}: the email is not editable (ignored). A super admin is 'Protegido': their
 * role and status cannot change (403).
 */
export async function updateSaasUser(ctx: DomainCtx, id: string, args: unknown): Promise<User> {
  assertSuperAdmin(ctx.auth);
  const current = await getUserRow(ctx.db, id);
  const input = saasUserUpdateSchema.parse(args);
  if (isSuper(current)) {
    const demoted = input.role !== undefined && input.role !== 'super_admin';
    const suspendedOrMoved =
      (input.status !== undefined && input.status !== 'active') || input.organizationId;
    if (demoted || suspendedOrMoved) throw protectedResource(errorMessages.cannotSuspendSuperAdmin);
  } else if (input.role === 'super_admin') {
    throw forbidden(errorMessages.forbidden);
  }
  if (input.organizationId) await assertOrganizationExists(ctx.db, input.organizationId);
  const patch: Row = {
    first_name: input.firstName,
    last_name: input.lastName,
    phone: input.phone,
    bio: input.bio,
    role: isSuper(current) ? undefined : input.role,
    status: input.status,
    organization_id: input.organizationId,
    ...(input.password ? newPasswordColumns(ctx.db, await hashPassword(input.password)) : {}),
    updated_at: ctx.now,
  };
  for (const key of Object.keys(patch)) if (patch[key] === undefined) delete patch[key];
  await writeUser(ctx, current, patch);
  return withOrganizationName(await getUserRow(ctx.db, String(current.id)));
}

/** PUT /api/saas/users/{id}/status: Suspender / Ativar; never on a super admin. */
export async function setSaasUserStatus(ctx: DomainCtx, id: string, args: unknown): Promise<User> {
  assertSuperAdmin(ctx.auth);
  const current = await getUserRow(ctx.db, id);
  const { status } = statusToggleSchema.parse(args);
  if (isSuper(current)) throw protectedResource(errorMessages.cannotSuspendSuperAdmin);
  await writeUser(ctx, current, { status, updated_at: ctx.now });
  return withOrganizationName(await getUserRow(ctx.db, String(current.id)));
}

/** DELETE /api/saas/users/{id}: never a super admin (which also covers oneself). */
export async function deleteSaasUser(ctx: DomainCtx, id: string): Promise<void> {
  assertSuperAdmin(ctx.auth);
  const current = await getUserRow(ctx.db, id);
  if (isSuper(current)) throw protectedResource(errorMessages.cannotSuspendSuperAdmin);
  const userId = String(current.id);
  await ctx.db.transaction(async (trx) => {
    await trx('users').where('id', userId).del();
    const organizationId = (current.organization_id as string | null) ?? null;
    await recordAccountChange(trx, { table: 'users', userId, organizationId, op: 'delete' }, ctx.now);
  });
  ctx.log.info({ userId: current.id }, 'user deleted by super admin');
}
