import {
  ErrorCode,
  mergeUserSettings,
  noMutationArgsSchema,
  notificationPreferencesUpdateSchema,
  notificationMarkReadSchema,
  profileUpdateSchema,
  userSettingsUpdateSchema,
  DEFAULT_USER_SETTINGS,
  type UserSettings,
  validationMessages,
} from '../index';
import { isUuid, MutationRejection, notFound, parseArgs, update, type ApplyCtx, type Row } from './core';

/**
 * Own notifications only; reading a read one changes nothing. Viewers may do it. Answers the row.
 * Account mutations (this file) touch only the signed-in user's own rows: the server's store serves
 * them for that user alone, a super admin without organization included (features/sync/own-rows.ts).
 */
export async function markNotificationRead(ctx: ApplyCtx, args: unknown): Promise<Row> {
  const { id } = parseArgs(notificationMarkReadSchema, args);
  const row = isUuid(id) ? await ctx.store.get('notifications', id) : undefined;
  if (!row || row.userId !== ctx.userId) throw notFound();
  if (row.read) return row;
  return update(ctx, 'notifications', row, { read: true, readAt: ctx.actedAt });
}

/** Answers how many were unread. */
export async function markAllNotificationsRead(ctx: ApplyCtx, args: unknown): Promise<{ updated: number }> {
  parseArgs(noMutationArgsSchema, args); // as the server: {} or nothing, never a payload
  let updated = 0;
  for (const row of await ctx.store.where('notifications', 'userId', ctx.userId)) {
    if (row.read) continue;
    await update(ctx, 'notifications', row, { read: true, readAt: ctx.actedAt });
    updated += 1;
  }
  return { updated };
}

/** The user's settings row (id = user id): a partial object deep-merged into the stored one. */
export async function updateSettings(ctx: ApplyCtx, args: unknown) {
  const patch = parseArgs(userSettingsUpdateSchema, args);
  const stored = await ctx.store.get('userSettings', ctx.userId);
  const current = (stored ?? { ...DEFAULT_USER_SETTINGS }) as unknown as UserSettings;
  const merged = mergeUserSettings(
    { notifications: current.notifications, appearance: current.appearance, privacy: current.privacy },
    patch,
  );
  await ctx.store.put('userSettings', { ...(stored ?? {}), id: ctx.userId, ...merged });
}

/** The user's notification preferences row (id = user id): the whole object is replaced, as on the server. */
export async function updateNotificationPreferences(ctx: ApplyCtx, args: unknown) {
  const prefs = parseArgs(notificationPreferencesUpdateSchema, args ?? {});
  await ctx.store.put('notificationPreferences', { id: ctx.userId, ...prefs });
}

/**
 * The signed-in user's row in `users` (the whole profile form: a blank or absent lastName, phone or bio
 * becomes null). A new email needs the current password, which only the server's PUT /api/profile checks
 * (ctx.emailChangeConfirmed): from the device's queue it is refused, on the device and on the server.
 */
export async function updateProfile(ctx: ApplyCtx, args: unknown): Promise<Row | undefined> {
  const input = parseArgs(profileUpdateSchema, args);
  const user = await ctx.store.get('users', ctx.userId);
  if (!user) return undefined;
  if (String(user.email).toLowerCase() !== input.email.toLowerCase() && !ctx.emailChangeConfirmed) {
    const m = validationMessages.emailChangeNeedsPassword;
    throw new MutationRejection(400, ErrorCode.VALIDATION, m, { currentPassword: m });
  }
  return update(ctx, 'users', user, {
    firstName: input.firstName,
    lastName: input.lastName ?? null,
    email: input.email,
    phone: input.phone ?? null,
    bio: input.bio ?? null,
  });
}
