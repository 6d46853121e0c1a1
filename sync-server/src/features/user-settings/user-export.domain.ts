import {
  notificationPreferencesSchema,
  type NotificationPreferences,
  type Profile,
  type UserSettings,
} from '@casa/shared-schema';
import { fromDbRow, fromDbRows } from '../../db/rows';
import { forOrganization } from '../../db/scope';
import type { DomainCtx } from '../../http/context';
import { getProfile } from '../profile/profile.domain';
import { readSettings } from './user-settings.domain';

type Rows = Record<string, unknown>[];

export type UserExport = {
  exportedAt: string;
  profile: Profile;
  organization: { id: string; name: string } | null;
  settings: UserSettings;
  notificationPreferences: NotificationPreferences;
  clients: Rows;
  interactions: Rows;
  followUps: Rows;
  coldCalls: Rows;
};

/** `casa-crm-dados-YYYY-MM-DD.json`, dated by the server clock (UTC). */
export function exportFileName(nowIso: string): string {
  return `casa-crm-dados-${nowIso.slice(0, 10)}.json`;
}

async function preferencesOf(ctx: DomainCtx): Promise<NotificationPreferences> {
  const row = (await ctx.db('notification_preferences').where('user_id', ctx.auth.userId).first()) as
    Record<string, unknown> | undefined;
  if (!row) return notificationPreferencesSchema.parse({});
  const {
    id: _id,
    user_id: _user,
    updated_at: _updated,
    ...prefs
  } = fromDbRow<Record<string, unknown>>('notification_preferences', row);
  // fromDbRow camelCases keys; the preferences travel snake_case (spec 1 §3).
  const snake = Object.fromEntries(
    Object.entries(prefs).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
  );
  return notificationPreferencesSchema.parse(snake);
}

/**
 * GET /api/user/export: the user's own data. Business rows come only through the organization
 * scope: the clients whose agent is the user, plus the interactions, follow-ups and cold calls of
 * those clients or made by the user.
 */
export async function exportUserData(ctx: DomainCtx): Promise<UserExport> {
  const profile = await getProfile(ctx);
  const settings = await readSettings(ctx.db, ctx.auth.userId);
  const notificationPreferences = await preferencesOf(ctx);
  const base = { exportedAt: ctx.now, profile, settings, notificationPreferences };
  if (!ctx.auth.organizationId) {
    return { ...base, organization: null, clients: [], interactions: [], followUps: [], coldCalls: [] };
  }
  const scope = forOrganization(ctx.db, ctx.auth);
  const organization = (await ctx
    .db('organizations')
    .where('id', ctx.auth.organizationId)
    .first('id', 'name')) as { id: string; name: string } | undefined;
  const clients = (await scope
    .table('clients')
    .where('agent_id', ctx.auth.userId)
    .orderBy('created_at')) as Rows;
  const clientIds = clients.map((c) => String(c.id));
  const mine = (table: 'client_interactions' | 'follow_ups' | 'cold_calls') =>
    scope
      .table(table)
      .where((q) => q.whereIn(`${table}.client_id`, clientIds).orWhere(`${table}.agent_id`, ctx.auth.userId))
      .orderBy(`${table}.created_at`) as Promise<Rows>;
  const [interactions, followUps, coldCalls] = await Promise.all([
    mine('client_interactions'),
    mine('follow_ups'),
    mine('cold_calls'),
  ]);
  return {
    ...base,
    organization: organization ?? null,
    clients: fromDbRows('clients', clients),
    interactions: fromDbRows('client_interactions', interactions),
    followUps: fromDbRows('follow_ups', followUps),
    coldCalls: fromDbRows('cold_calls', coldCalls),
  };
}
