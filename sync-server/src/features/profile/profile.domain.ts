import {
  errorMessages,
  profilePasswordChangeSchema,
  validationMessages,
  profileUpdateSchema,
  type Profile,
} from '@casa/shared-schema';
import { recordAccountChange } from '../../db/change-log';
import { inTransaction } from '../../db/transaction';
import { runMutator } from '../sync/mutators.service';
import type { DomainCtx } from '../../http/context';
import { emailInUse, notFound, validationError } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { newPasswordColumns } from '../accounts/password.service';
import { emailTaken, isUniqueViolation, loadUserRow, toProfile } from '../accounts/user.views';
import type { PhotoMime } from './photo-upload';

export async function getProfile(ctx: DomainCtx): Promise<Profile> {
  return toProfile(await loadUserRow(ctx.db, ctx.auth.userId));
}

/**
 * A new login email needs the current password (issue 17: whoever holds an open session must not be able
 * to take the account over by moving its email); the same email sent again needs nothing.
 */
async function assertEmailChangeAllowed(
  ctx: DomainCtx,
  email: unknown,
  currentPassword: string | undefined,
): Promise<void> {
  if (typeof email !== 'string') return;
  const row = (await ctx.db('users').where('id', ctx.auth.userId).first('email')) as
    { email: string } | undefined;
  if (row && row.email.toLowerCase() === email.toLowerCase()) return;
  if (!currentPassword) {
    throw validationError(validationMessages.emailChangeNeedsPassword, {
      currentPassword: validationMessages.emailChangeNeedsPassword,
    });
  }
  await assertCurrentPassword(ctx, currentPassword);
}

/**
 * Writes profile columns of the acting user; a new email needs `currentPassword`, a duplicate one is a 409
 * with the email-in-use text (docs/product.md#messages).
 */
export async function writeProfileColumns(
  ctx: DomainCtx,
  columns: Record<string, unknown>,
  currentPassword?: string,
): Promise<void> {
  const email = columns.email;
  await assertEmailChangeAllowed(ctx, email, currentPassword);
  if (typeof email === 'string' && (await emailTaken(ctx.db, email, ctx.auth.userId))) {
    throw emailInUse(errorMessages.emailInUse);
  }
  try {
    await updateOwnUser(ctx, columns);
  } catch (err) {
    if (isUniqueViolation(err)) throw emailInUse(errorMessages.emailInUse);
    throw err;
  }
}

/** Updates the acting user's row and logs it for the organization's devices (docs/sync.md), in one transaction. */
export async function updateOwnUser(ctx: DomainCtx, columns: Record<string, unknown>): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    await tx
      .db('users')
      .where('id', tx.auth.userId)
      .update({ ...columns, updated_at: tx.now });
    const { userId, organizationId } = tx.auth;
    await recordAccountChange(tx.db, { table: 'users', userId, organizationId }, tx.now);
  });
}

/**
 * PUT /api/profile: the shared mutator (shared-schema/src/mutators/account.ts updateProfile), with the
 * server-only step before it for a new login email: the current password is checked (400 on
 * currentPassword) and the address must be free (409), then the mutator may write it. Without a password
 * the mutator refuses a new email itself, as it does for every queued change (updateProfileFromQueue).
 */
export async function updateProfile(ctx: DomainCtx, args: unknown): Promise<Profile> {
  const input = profileUpdateSchema.parse(args);
  let emailChangeConfirmed = false;
  if (input.currentPassword && (await changesEmail(ctx, input.email))) {
    await assertCurrentPassword(ctx, input.currentPassword);
    if (await emailTaken(ctx.db, input.email, ctx.auth.userId)) throw emailInUse(errorMessages.emailInUse);
    emailChangeConfirmed = true;
  }
  await runMutator(ctx, 'updateProfile', args, () => undefined, { emailChangeConfirmed });
  return getProfile(ctx);
}

/** The sync push's updateProfile: a queued change carries no password, so it never moves the email. */
export async function updateProfileFromQueue(ctx: DomainCtx, args: unknown): Promise<Profile> {
  await runMutator(ctx, 'updateProfile', args, () => undefined);
  return getProfile(ctx);
}

async function changesEmail(ctx: DomainCtx, email: string): Promise<boolean> {
  const row = (await ctx.db('users').where('id', ctx.auth.userId).first('email')) as
    { email: string } | undefined;
  return Boolean(row) && row!.email.toLowerCase() !== email.toLowerCase();
}

/** Checks the current password; a wrong one is a 400 on the currentPassword field. */
export async function assertCurrentPassword(ctx: DomainCtx, password: string): Promise<void> {
  const row = (await ctx.db('users').where('id', ctx.auth.userId).first('password_hash')) as
    { password_hash: string | null } | undefined;
  if (!row?.password_hash || !(await verifyPassword(row.password_hash, password))) {
    throw validationError(errorMessages.wrongCurrentPassword, {
      currentPassword: errorMessages.wrongCurrentPassword,
    });
  }
}

/** PUT /api/profile/password (profile screen rules: minimum 6, confirmation must match). */
export async function changePassword(ctx: DomainCtx, args: unknown): Promise<void> {
  const input = profilePasswordChangeSchema.parse(args);
  await assertCurrentPassword(ctx, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await updateOwnUser(ctx, newPasswordColumns(ctx.db, passwordHash));
}

export function photoUrl(userId: string, version: number): string {
  return `/api/users/${userId}/photo?v=${version}`;
}

/** POST /api/profile/photo (bytes already checked by photo-upload.ts). */
export async function setPhoto(
  ctx: DomainCtx,
  photo: { data: Buffer; mime: PhotoMime },
): Promise<{ profilePhoto: string }> {
  const url = photoUrl(ctx.auth.userId, Date.parse(ctx.now));
  await ctx.db.transaction(async (trx) => {
    const row = { mime_type: photo.mime, size: photo.data.length, data: photo.data, updated_at: ctx.now };
    await trx('user_photos')
      .insert({ user_id: ctx.auth.userId, ...row })
      .onConflict('user_id')
      .merge(row);
    await trx('users').where('id', ctx.auth.userId).update({ profile_image_url: url, updated_at: ctx.now });
    const { userId, organizationId } = ctx.auth;
    await recordAccountChange(trx, { table: 'users', userId, organizationId }, ctx.now);
  });
  return { profilePhoto: url };
}

/** DELETE /api/profile/photo. */
export async function removePhoto(ctx: DomainCtx): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    await trx('user_photos').where('user_id', ctx.auth.userId).delete();
    await trx('users').where('id', ctx.auth.userId).update({ profile_image_url: null, updated_at: ctx.now });
    const { userId, organizationId } = ctx.auth;
    await recordAccountChange(trx, { table: 'users', userId, organizationId }, ctx.now);
  });
}

/** GET /api/users/:id/photo: only users of the same organization (or a super admin) may see it; else 404. */
export async function getPhoto(
  ctx: DomainCtx,
  userId: string,
): Promise<{ data: Buffer; mime: string; updatedAt: string }> {
  const row = (await ctx
    .db('user_photos')
    .join('users', 'users.id', 'user_photos.user_id')
    .where('user_photos.user_id', userId)
    .first(
      'user_photos.data',
      'user_photos.mime_type',
      'user_photos.updated_at',
      'users.organization_id',
    )) as
    { data: Buffer; mime_type: string; updated_at: unknown; organization_id: string | null } | undefined;
  const visible =
    row &&
    (ctx.auth.isSuperAdmin ||
      userId === ctx.auth.userId ||
      (ctx.auth.organizationId !== null && row.organization_id === ctx.auth.organizationId));
  if (!row || !visible) throw notFound();
  const updated = row.updated_at instanceof Date ? row.updated_at.toISOString() : String(row.updated_at);
  return { data: Buffer.from(row.data), mime: row.mime_type, updatedAt: updated };
}
