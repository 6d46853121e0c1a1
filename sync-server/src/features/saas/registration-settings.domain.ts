import {
  can,
  errorMessages,
  registrationSettingsCreateSchema,
  registrationSettingsSchema,
  registrationSettingsUpdateSchema,
  type RegistrationSettings,
} from '@casa/shared-schema';
import { randomUUID } from 'node:crypto';
import { fromDbRow, toDbRow } from '../../db/rows';
import type { DomainCtx } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { idOr404, registrationSettingsOrDefaults } from '../organization/user-rules.policy';
import { assertSuperAdmin } from './packages.domain';

/**
 * The super admin reads any organization's settings; an organization's admin reads their own; another
 * organization's id answers 404 (never 403), and other roles 403.
 */
async function readableOrganizationId(ctx: DomainCtx, rawId: string): Promise<string> {
  const id = idOr404(rawId, errorMessages.organizationNotFound);
  if (!can(ctx.auth, 'administerSaas')) {
    if (ctx.auth.organizationId !== id) throw notFound(errorMessages.organizationNotFound);
    if (!can(ctx.auth, 'administerOrganization')) throw forbidden(errorMessages.forbidden);
  }
  if (!(await ctx.db('organizations').where('id', id).first('id'))) {
    throw notFound(errorMessages.organizationNotFound);
  }
  return id;
}

async function load(ctx: DomainCtx, organizationId: string): Promise<RegistrationSettings> {
  const row = (await ctx.db('registration_settings').where('organization_id', organizationId).first()) as
    Record<string, unknown> | undefined;
  const settings = await registrationSettingsOrDefaults(ctx.db, organizationId);
  const updatedAt = row
    ? (fromDbRow<{ updatedAt: string | null }>('registration_settings', row).updatedAt ?? null)
    : null;
  return registrationSettingsSchema.parse({ ...settings, organizationId, updatedAt });
}

/** GET /api/organizations/{id}/registration-settings: docs/product.md#saas-admin defaults when nothing was saved. */
export async function getRegistrationSettings(ctx: DomainCtx, rawId: string): Promise<RegistrationSettings> {
  return load(ctx, await readableOrganizationId(ctx, rawId));
}

/** PUT /api/organizations/{id}/registration-settings (super admin): merged over the current values. */
export async function saveRegistrationSettings(
  ctx: DomainCtx,
  rawId: string,
  args: unknown,
): Promise<RegistrationSettings> {
  assertSuperAdmin(ctx.auth);
  const organizationId = await readableOrganizationId(ctx, rawId);
  const patch = registrationSettingsUpdateSchema.parse(args);
  const current = await registrationSettingsOrDefaults(ctx.db, organizationId);
  const merged = registrationSettingsCreateSchema.parse({
    ...current,
    ...patch,
    maxUsersPerRole: { ...current.maxUsersPerRole, ...patch.maxUsersPerRole },
  });
  const row = toDbRow('registration_settings', { ...merged, updatedAt: ctx.now });
  await ctx.db.transaction(async (trx) => {
    const updated = await trx('registration_settings').where('organization_id', organizationId).update(row);
    if (!updated) {
      await trx('registration_settings').insert({
        ...row,
        id: randomUUID(),
        organization_id: organizationId,
      });
    }
  });
  return load(ctx, organizationId);
}
