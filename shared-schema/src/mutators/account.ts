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
import { isUuid, MutationRejection, notFound, parseArgs, update, type ApplyCtx } from './core';

/** Own notifications only; reading a read one changes nothing. Viewers may do it. */
export async function markNotificationRead(ctx: ApplyCtx, args: unknown) {
  const { id } = parseArgs(notificationMarkReadSchema, args);
  const row = isUuid(id) ? await ctx.store.get('notifications', id) : undefined;
  if (!row || row.userId !== ctx.userId) throw notFound();
  if (row.read) return;
  await update(ctx, 'notifications', row, { read: true, readAt: ctx.actedAt });
}

export async function markAllNotificationsRead(ctx: ApplyCtx, args: unknown) {
  parseArgs(noMutationArgsSchema, args); // as the server: {} or nothing, never a payload
  for (const row of await ctx.store.where('notifications', 'userId', ctx.userId)) {
    if (!row.read) await update(ctx, 'notifications', row, { read: true, readAt: ctx.actedAt });
  }
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
 * The signed-in user's row in `users`: only the columns the replica carries (syncUserSchema, no phone or
 * bio). A new email is refused as the server refuses it from the queue (it needs the current password).
 */
export async function updateProfile(ctx: ApplyCtx, args: unknown) {
  const input = parseArgs(profileUpdateSchema, args);
  const user = await ctx.store.get('users', ctx.userId);
  if (!user) return;
  if (String(user.email).toLowerCase() !== input.email.toLowerCase()) {
    const m = validationMessages.emailChangeNeedsPassword;
    throw new MutationRejection(400, ErrorCode.VALIDATION, m, { currentPassword: m });
  }
  await update(ctx, 'users', user, {
    firstName: input.firstName,
    lastName: input.lastName ?? null,
    email: input.email,
  });
}
