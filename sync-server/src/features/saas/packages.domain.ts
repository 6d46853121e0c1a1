import { randomUUID } from 'node:crypto';
import {
  can,
  errorMessages,
  packageCreateSchema,
  packageSchema,
  packageUpdateSchema,
  type Package,
} from '@casa/shared-schema';
import type { Knex } from 'knex';
import { fromDbRow, toDbRow } from '../../db/rows';
import type { DomainCtx } from '../../http/context';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { Auth } from '../../http/types';
import { isUniqueViolation } from '../accounts/user.views';
import { idOr404 } from '../organization/user-rules.policy';

/** SaaS administration is the super admin's alone (docs/product.md#roles). */
export function assertSuperAdmin(auth: Auth): void {
  if (!can(auth, 'administerSaas')) throw forbidden(errorMessages.forbidden);
}

export function toPackage(row: Record<string, unknown>): Package {
  return packageSchema.parse(fromDbRow('packages', row));
}

/**
 * GET /api/packages: public (the pricing page), active packages only; the super admin sees all.
 * Ordered by sortOrder, then name.
 */
export async function listPackages(db: Knex, auth: Auth | null): Promise<Package[]> {
  const query = db('packages').orderBy('sort_order', 'asc').orderBy('name', 'asc');
  if (!auth?.isSuperAdmin) query.where('is_active', true);
  return ((await query) as Record<string, unknown>[]).map(toPackage);
}

async function nameTaken(db: Knex, name: string, exceptId?: string): Promise<boolean> {
  const query = db('packages').whereRaw('lower(name) = ?', [name.toLowerCase()]).first('id');
  if (exceptId) query.whereNot('id', exceptId);
  return Boolean(await query);
}

async function getPackageRow(db: Knex, id: string): Promise<Record<string, unknown>> {
  const row = (await db('packages').where('id', idOr404(id, errorMessages.packageNotFound)).first()) as
    Record<string, unknown> | undefined;
  if (!row) throw notFound(errorMessages.packageNotFound);
  return row;
}

/** POST /api/packages. Replaying a known id answers the stored package. */
export async function createPackage(ctx: DomainCtx, args: unknown): Promise<Package> {
  assertSuperAdmin(ctx.auth);
  const input = packageCreateSchema.parse(args);
  if (input.id) {
    const existing = (await ctx.db('packages').where('id', input.id).first()) as
      Record<string, unknown> | undefined;
    if (existing) return toPackage(existing);
  }
  if (await nameTaken(ctx.db, input.name)) throw conflict(errorMessages.packageNameInUse);
  const id = input.id ?? randomUUID();
  try {
    await ctx.db('packages').insert(
      toDbRow('packages', {
        ...input,
        id,
        description: input.description ?? null,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      }),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(errorMessages.packageNameInUse);
    throw err;
  }
  return toPackage(await getPackageRow(ctx.db, id));
}

/** PUT /api/packages/{id}. */
export async function updatePackage(ctx: DomainCtx, id: string, args: unknown): Promise<Package> {
  assertSuperAdmin(ctx.auth);
  const current = await getPackageRow(ctx.db, id);
  const input = packageUpdateSchema.parse(args);
  if (input.name && (await nameTaken(ctx.db, input.name, String(current.id)))) {
    throw conflict(errorMessages.packageNameInUse);
  }
  try {
    await ctx
      .db('packages')
      .where('id', current.id as string)
      .update(toDbRow('packages', { ...input, updatedAt: ctx.now }));
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(errorMessages.packageNameInUse);
    throw err;
  }
  return toPackage(await getPackageRow(ctx.db, String(current.id)));
}

/** DELETE /api/packages/{id}: refused (409) while any organization or subscription uses it. */
export async function deletePackage(ctx: DomainCtx, id: string): Promise<void> {
  assertSuperAdmin(ctx.auth);
  const current = await getPackageRow(ctx.db, id);
  await ctx.db.transaction(async (trx) => {
    const usedByOrg = await trx('organizations')
      .where('package_id', current.id as string)
      .first('id');
    const usedBySub = await trx('subscriptions')
      .where('package_id', current.id as string)
      .first('id');
    if (usedByOrg || usedBySub) throw conflict(errorMessages.packageInUse);
    await trx('packages')
      .where('id', current.id as string)
      .del();
  });
}
