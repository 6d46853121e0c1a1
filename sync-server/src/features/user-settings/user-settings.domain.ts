import { randomUUID } from 'node:crypto';
import {
  mergeUserSettings,
  userProfileUpdateSchema,
  userSettingsSchema,
  userSettingsUpdateSchema,
  type Profile,
  type UserSettings,
} from '@casa/shared-schema';
import type { Knex } from 'knex';
import { recordAccountChange } from '../../db/change-log';
import { fromDbRow } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import type { DomainCtx } from '../../http/context';
import { hashPassword } from '../../lib/password';
import { newPasswordColumns } from '../accounts/password.service';
import { assertCurrentPassword, getProfile, writeProfileColumns } from '../profile/profile.domain';

/** Stored settings with the defaults (docs/product.md#accounts) filled in (no row yet = all defaults). */
export async function readSettings(db: Knex, userId: string): Promise<UserSettings> {
  const row = (await db('user_settings').where('user_id', userId).first('settings')) as
    Record<string, unknown> | undefined;
  const stored = row ? fromDbRow<{ settings: unknown }>('user_settings', row).settings : {};
  // Unknown or invalid stored values fall back to defaults rather than breaking the settings screen.
  const parsed = userSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : userSettingsSchema.parse({});
}

/** GET /api/user/settings. */
export function getSettings(ctx: DomainCtx): Promise<UserSettings> {
  return readSettings(ctx.db, ctx.auth.userId);
}

/**
 * PUT /api/user/settings: a partial object deep-merged into the stored one. Not the shared mutator
 * (shared-schema/src/mutators/account.ts), same merge (mergeUserSettings): the row lives in an account
 * table, keyed by user, outside the organization scope the server's mutation store serves.
 */
export async function updateSettings(ctx: DomainCtx, args: unknown): Promise<UserSettings> {
  const patch = userSettingsUpdateSchema.parse(args);
  return inTransaction(ctx, async (tx) => {
    const { userId, organizationId } = tx.auth;
    const merged = mergeUserSettings(await readSettings(tx.db, userId), patch);
    const settings = JSON.stringify(merged);
    await tx
      .db('user_settings')
      .insert({ id: randomUUID(), user_id: userId, settings, updated_at: tx.now })
      .onConflict('user_id')
      .merge({ settings, updated_at: tx.now });
    await recordAccountChange(tx.db, { table: 'user_settings', userId, organizationId }, tx.now);
    return merged;
  });
}

/** PUT /api/user/profile: the cut-off settings form (profile fields plus an optional password change). */
export async function updateUserProfile(ctx: DomainCtx, args: unknown): Promise<Profile> {
  const input = userProfileUpdateSchema.parse(args);
  const columns: Record<string, unknown> = {};
  if (input.firstName !== undefined) columns.first_name = input.firstName;
  if (input.lastName !== undefined) columns.last_name = input.lastName;
  if (input.email !== undefined) columns.email = input.email;
  if (input.phone !== undefined) columns.phone = input.phone;
  if (input.bio !== undefined) columns.bio = input.bio;
  if (input.newPassword !== undefined) {
    await assertCurrentPassword(ctx, input.currentPassword ?? '');
    Object.assign(columns, newPasswordColumns(ctx.db, await hashPassword(input.newPassword)));
  }
  if (Object.keys(columns).length) await writeProfileColumns(ctx, columns, input.currentPassword);
  return getProfile(ctx);
}
