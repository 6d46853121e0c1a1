import {
  userProfileUpdateSchema,
  userSettingsSchema,
  type Profile,
  type UserSettings,
} from '@casa/shared-schema';
import type { Knex } from 'knex';
import { fromDbRow } from '../../db/rows';
import type { DomainCtx } from '../../http/context';
import { hashPassword } from '../../lib/password';
import { newPasswordColumns } from '../accounts/password.service';
import { assertCurrentPassword, getProfile, writeProfileColumns } from '../profile/profile.domain';
import { runMutator } from '../sync/mutators.service';

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

/** PUT /api/user/settings and the sync push: a partial object deep-merged into the stored one (shared mutator). */
export async function updateSettings(ctx: DomainCtx, args: unknown): Promise<UserSettings> {
  return runMutator(ctx, 'updateSettings', args, async ({ store, tx }) => {
    const { id: _id, ...settings } = (await store.get('userSettings', tx.auth.userId))!;
    return settings as UserSettings;
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
