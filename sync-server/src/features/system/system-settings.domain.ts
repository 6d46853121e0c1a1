import type { Knex } from 'knex';
import {
  maintenanceEventSchema,
  SYSTEM_SETTINGS_DEFAULTS,
  systemSettingsSchema,
  systemSettingsUpdateSchema,
  type MaintenanceEvent,
  type MaintenanceStatus,
  type SystemSettings,
} from '@casa/shared-schema';
import type { DomainCtx } from '../../http/context';
import { assertSuperAdmin } from '../saas/packages.domain';

/** server_settings keys (one JSON value each). */
export const SYSTEM_SETTINGS_KEY = 'system_settings';
export const MAINTENANCE_HISTORY_KEY = 'maintenance_history';
/** Entries kept in the maintenance history ('Ver Histórico'). */
export const MAINTENANCE_HISTORY_MAX = 50;

async function readJson(db: Knex, key: string): Promise<unknown> {
  const row = (await db('server_settings').where('key', key).first('value')) as { value: string } | undefined;
  if (!row) return undefined;
  try {
    return JSON.parse(row.value) as unknown;
  } catch {
    return undefined;
  }
}

async function writeJson(db: Knex, key: string, value: unknown, now: string): Promise<void> {
  await db('server_settings')
    .insert({ key, value: JSON.stringify(value), updated_at: now })
    .onConflict('key')
    .merge(['value', 'updated_at']);
}

/** The saved settings over the docs/product.md#saas-admin defaults (a section saved by an older version is completed). */
export async function readSystemSettings(db: Knex): Promise<SystemSettings> {
  const saved = ((await readJson(db, SYSTEM_SETTINGS_KEY)) ?? {}) as Partial<Record<string, object>>;
  const merged = {
    backup: { ...SYSTEM_SETTINGS_DEFAULTS.backup, ...saved.backup },
    security: { ...SYSTEM_SETTINGS_DEFAULTS.security, ...saved.security },
    notifications: { ...SYSTEM_SETTINGS_DEFAULTS.notifications, ...saved.notifications },
    maintenance: { ...SYSTEM_SETTINGS_DEFAULTS.maintenance, ...saved.maintenance },
  };
  const parsed = systemSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : systemSettingsSchema.parse(SYSTEM_SETTINGS_DEFAULTS);
}

/** Whether normal users are kept out at `now`: switched on, or inside the scheduled window. */
export function maintenanceStatusAt(settings: SystemSettings, now: Date): MaintenanceStatus {
  const { enabled, message, scheduledStart, scheduledEnd } = settings.maintenance;
  const t = now.getTime();
  const inWindow =
    scheduledStart !== null &&
    Date.parse(scheduledStart) <= t &&
    (scheduledEnd === null || t < Date.parse(scheduledEnd));
  return { active: enabled || inWindow, message, scheduledStart, scheduledEnd };
}

/** Process-local cache of the settings, so the maintenance gate costs no query on most requests. */
const CACHE_MS = 2000;
const cache = new WeakMap<Knex, { at: number; value: Promise<SystemSettings> }>();

export function cachedSystemSettings(db: Knex): Promise<SystemSettings> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const value = readSystemSettings(db);
  cache.set(db, { at: Date.now(), value });
  value.catch(() => cache.delete(db));
  return value;
}

/** GET /api/system/settings (super admin). */
export async function getSystemSettings(ctx: DomainCtx): Promise<SystemSettings> {
  assertSuperAdmin(ctx.auth);
  return readSystemSettings(ctx.db);
}

/**
 * PUT /api/system/settings (super admin): each given section merged over the saved one. A change of the
 * maintenance switch, message or window is added to the history with who made it.
 */
export async function saveSystemSettings(ctx: DomainCtx, args: unknown): Promise<SystemSettings> {
  assertSuperAdmin(ctx.auth);
  const patch = systemSettingsUpdateSchema.parse(args);
  return ctx.db.transaction(async (trx) => {
    const current = await readSystemSettings(trx);
    const next = systemSettingsSchema.parse({
      backup: { ...current.backup, ...patch.backup },
      security: { ...current.security, ...patch.security },
      notifications: { ...current.notifications, ...patch.notifications },
      maintenance: { ...current.maintenance, ...patch.maintenance },
    });
    await writeJson(trx, SYSTEM_SETTINGS_KEY, next, ctx.now);
    if (JSON.stringify(next.maintenance) !== JSON.stringify(current.maintenance)) {
      const user = (await trx('users').where('id', ctx.auth.userId).first('email')) as
        { email: string } | undefined;
      const history = await readHistory(trx);
      const event: MaintenanceEvent = { at: ctx.now, ...next.maintenance, byEmail: user?.email ?? null };
      await writeJson(
        trx,
        MAINTENANCE_HISTORY_KEY,
        [event, ...history].slice(0, MAINTENANCE_HISTORY_MAX),
        ctx.now,
      );
    }
    cache.delete(ctx.db);
    return next;
  });
}

async function readHistory(db: Knex): Promise<MaintenanceEvent[]> {
  const raw = await readJson(db, MAINTENANCE_HISTORY_KEY);
  const parsed = maintenanceEventSchema.array().safeParse(raw ?? []);
  return parsed.success ? parsed.data : [];
}

/** GET /api/system/maintenance/history (super admin): newest first. */
export async function getMaintenanceHistory(ctx: DomainCtx): Promise<MaintenanceEvent[]> {
  assertSuperAdmin(ctx.auth);
  return readHistory(ctx.db);
}
