import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { z } from 'zod';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_PREFERENCE_KEY,
  notificationCreateSchema,
  notificationPreferencesSchema,
  notificationsListQuerySchema,
  errorMessages,
  pushDeviceCreateSchema,
  pushDeviceUnregisterSchema,
  pushSubscriptionJsonSchema,
  uuidSchema,
  validationMessages,
  type Notification,
  type NotificationListResponse,
  type NotificationPreferences,
  type PushDevice,
} from '@casa/shared-schema';
import type { Row as MutatorRow } from '@casa/shared-schema/mutators';
import { fromDbRow, fromDbRows, toDbRow } from '../../db/rows';
import { forOrganization } from '../../db/scope';
import { inTransaction, type TxCtx } from '../../db/transaction';
import type { DomainCtx } from '../../http/context';
import { conflict, notFound, validationError } from '../../http/errors';
import type { Auth } from '../../http/types';
import { pushPayloadOf, pushServiceFor } from '../push/push.service';
import { runMutator } from '../sync/mutators.service';

type Row = Record<string, unknown>;

/**
 * The caller's live notifications. Members of an organization read through the organization scope;
 * a super admin (no organization) owns rows with organization_id NULL.
 */
function ownNotifications(db: Knex | Knex.Transaction, auth: Auth): Knex.QueryBuilder {
  const base = auth.organizationId
    ? forOrganization(db, auth).table('notifications')
    : db('notifications').whereNull('notifications.organization_id').whereNull('notifications.deleted_at');
  return base.where('notifications.user_id', auth.userId);
}

/** GET /api/notifications: newest first, `limit` rows (default 20, at most 200), optionally unread only. */
export async function listNotifications(ctx: DomainCtx, query: unknown): Promise<NotificationListResponse> {
  const { limit, unread } = notificationsListQuerySchema.parse(query ?? {});
  const list = ownNotifications(ctx.db, ctx.auth)
    .orderBy([
      { column: 'notifications.created_at', order: 'desc' },
      { column: 'notifications.id', order: 'desc' },
    ])
    .limit(limit)
    .select('notifications.*');
  if (unread) list.where('notifications.read', false);
  const [rows, counted] = await Promise.all([
    list,
    ownNotifications(ctx.db, ctx.auth).where('notifications.read', false).count({ n: '*' }).first(),
  ]);
  return {
    notifications: fromDbRows<Notification>('notifications', rows as Row[]),
    unreadCount: Number((counted as { n?: unknown } | undefined)?.n ?? 0),
  };
}

/**
 * PUT /api/notifications/:id/read and the sync push: the shared mutator (shared-schema/src/mutators/
 * account.ts) over the user's own notifications (a super admin's too, outside any organization).
 */
export async function markNotificationRead(ctx: DomainCtx, args: unknown): Promise<Notification> {
  return runMutator<MutatorRow, Notification>(ctx, 'markNotificationRead', args, ({ value, store }) =>
    fromDbRow<Notification>('notifications', store.dbRow('notifications', value.id)),
  );
}

/** PUT /api/notifications/read-all (its body is not read) and the sync push: answers how many changed. */
export async function markAllNotificationsRead(
  ctx: DomainCtx,
  args: unknown = {},
): Promise<{ updated: number }> {
  return runMutator<{ updated: number }, { updated: number }>(
    ctx,
    'markAllNotificationsRead',
    args,
    ({ value }) => value,
  );
}

/** A user's stored preferences with the defaults (docs/product.md#accounts) filled in (no row = all defaults). */
export async function readNotificationPreferences(
  db: Knex | Knex.Transaction,
  userId: string,
): Promise<NotificationPreferences> {
  const row = (await db('notification_preferences').where('user_id', userId).first()) as Row | undefined;
  if (!row) return { ...DEFAULT_NOTIFICATION_PREFERENCES };
  // The wire keys are the column names (snake_case); fromDbRow gives the booleans their wire type.
  const stored = fromDbRow<Row>('notification_preferences', row);
  const byColumn = Object.fromEntries(
    Object.entries(stored).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
  );
  const parsed = notificationPreferencesSchema.safeParse(
    Object.fromEntries(Object.keys(notificationPreferencesSchema.shape).map((k) => [k, byColumn[k]])),
  );
  return parsed.success ? parsed.data : { ...DEFAULT_NOTIFICATION_PREFERENCES };
}

/** GET /api/notifications/preferences. */
export function getNotificationPreferences(ctx: DomainCtx): Promise<NotificationPreferences> {
  return readNotificationPreferences(ctx.db, ctx.auth.userId);
}

/** PUT /api/notifications/preferences and the sync push: the whole object is replaced (shared mutator). */
export async function updateNotificationPreferences(
  ctx: DomainCtx,
  args: unknown,
): Promise<NotificationPreferences> {
  return runMutator(ctx, 'updateNotificationPreferences', args, async ({ store, tx }) => {
    const { id: _id, ...prefs } = (await store.get('notificationPreferences', tx.auth.userId))!;
    return prefs as NotificationPreferences;
  });
}

/**
 * POST /api/notifications/register: `token` is the JSON of the browser's PushSubscription. One row per
 * endpoint: registering an endpoint again (same browser, maybe another user now) updates that row.
 */
export async function registerPushDevice(ctx: DomainCtx, args: unknown): Promise<PushDevice> {
  const input = pushDeviceCreateSchema.parse(args ?? {});
  let subscription: z.infer<typeof pushSubscriptionJsonSchema>;
  try {
    subscription = pushSubscriptionJsonSchema.parse(JSON.parse(input.token));
  } catch {
    throw validationError(validationMessages.invalidValue, { token: validationMessages.invalidValue });
  }
  const token = JSON.stringify(subscription);
  return inTransaction(ctx, async (tx) => {
    const columns = {
      user_id: tx.auth.userId,
      organization_id: tx.auth.organizationId,
      token,
      device_info: JSON.stringify(input.deviceInfo),
      updated_at: tx.now,
    };
    // push_devices is personal and not replicated; the endpoint is unique across every organization.
    // The row is only ever updated for its owner: another user's endpoint stays theirs (issue 17), and the
    // device subscribes anew (a new endpoint) when the server answers 409.
    await tx
      .db('push_devices')
      .insert({ id: randomUUID(), endpoint: subscription.endpoint, created_at: tx.now, ...columns })
      .onConflict('endpoint')
      .merge(columns)
      .where('push_devices.user_id', tx.auth.userId);
    const row = (await tx.db('push_devices').where('endpoint', subscription.endpoint).first()) as Row;
    if (row.user_id !== tx.auth.userId) throw conflict(errorMessages.pushEndpointTaken);
    return fromDbRow<PushDevice>('push_devices', row);
  });
}

/**
 * POST /api/notifications/unregister {endpoint}: the owner stops push to this browser (logout). Another
 * user's endpoint, or an unknown one, is left alone and answers the same.
 */
export async function unregisterPushDevice(ctx: DomainCtx, args: unknown): Promise<void> {
  const { endpoint } = pushDeviceUnregisterSchema.parse(args ?? {});
  await ctx.db('push_devices').where({ endpoint, user_id: ctx.auth.userId }).delete();
}

const createArgsSchema = notificationCreateSchema.extend({
  organizationId: uuidSchema.nullable().optional(),
});
export type CreateNotificationArgs = z.input<typeof createArgsSchema>;

/**
 * Server-side creation (scheduler, system events), inside the caller's transaction. Answers null when
 * the user's preferences turn this type off. The organization is the user's own (args.organizationId is
 * only a hint). Web push goes out after the commit when push_notifications is on.
 */
export async function createNotification(
  tx: TxCtx,
  args: CreateNotificationArgs,
): Promise<Notification | null> {
  const input = createArgsSchema.parse(args);
  const user = (await tx.db('users').where('id', input.userId).first('id', 'organization_id', 'status')) as
    Row | undefined;
  if (!user) throw notFound();
  const prefs = await readNotificationPreferences(tx.db, input.userId);
  if (!prefs[NOTIFICATION_PREFERENCE_KEY[input.type]]) return null;

  const organizationId = (user.organization_id as string | null) ?? null;
  const data = toDbRow('notifications', {
    id: input.id ?? randomUUID(),
    userId: input.userId,
    type: input.type,
    title: input.title,
    body: input.body ?? null,
    read: false,
    readAt: null,
    data: input.data ?? null,
  });
  let row: Row;
  if (organizationId) {
    row = await forOrganization(tx.db, { organizationId }).insert('notifications', data, tx.now);
  } else {
    // A super admin's notification: no organization, so no change log (sync is per organization).
    row = { ...data, organization_id: null, created_at: tx.now, updated_at: tx.now, deleted_at: null };
    await tx.db('notifications').insert(row);
  }
  const notification = fromDbRow<Notification>('notifications', row);

  if (prefs.push_notifications) {
    const service = pushServiceFor(tx.db);
    if (service) {
      const payload = pushPayloadOf(notification);
      tx.postCommit(() => service.sendToUser(input.userId, payload).then(() => undefined));
    }
  }
  return notification;
}
