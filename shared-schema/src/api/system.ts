import { z } from 'zod';
import { errorMessages, validationMessages as m } from '../messages';
import { boundedJson, FLAT_JSON_LIMITS, safeMultilineString } from '../primitives';

/** docs/product.md#saas-admin defaults of the system settings screen (super admin). */
export const SYSTEM_SETTINGS_DEFAULTS = {
  backup: { autoDaily: true },
  security: { sessionTimeoutMinutes: 60, maxLoginAttempts: 5 },
  notifications: {
    criticalEmailAlerts: true,
    adminEmail: '',
    systemFailures: true,
    newOrganizations: true,
    weeklyReports: false,
  },
  maintenance: {
    enabled: false,
    message: errorMessages.maintenanceMessageDefault,
    scheduledStart: null as string | null,
    scheduledEnd: null as string | null,
  },
} as const;

const isoDateTime = z.iso.datetime({ offset: true, error: m.invalidDate });

const maintenanceFields = z.object({
  enabled: z.boolean(),
  message: safeMultilineString().trim().min(1, { error: m.fieldRequired }).max(500),
  scheduledStart: isoDateTime.nullable(),
  scheduledEnd: isoDateTime.nullable(),
});

export const systemSettingsSchema = z.object({
  backup: z.object({ autoDaily: z.boolean() }),
  security: z.object({
    sessionTimeoutMinutes: z
      .number({ error: m.invalidInteger })
      .int({ error: m.invalidInteger })
      .min(5)
      .max(43_200),
    maxLoginAttempts: z.number({ error: m.invalidInteger }).int({ error: m.invalidInteger }).min(1).max(100),
  }),
  notifications: z.object({
    criticalEmailAlerts: z.boolean(),
    adminEmail: z.union([z.literal(''), z.email({ error: m.invalidEmail })]),
    systemFailures: z.boolean(),
    newOrganizations: z.boolean(),
    weeklyReports: z.boolean(),
  }),
  maintenance: maintenanceFields.refine(
    (v) => !v.scheduledStart || !v.scheduledEnd || v.scheduledStart < v.scheduledEnd,
    { error: m.endBeforeStart, path: ['scheduledEnd'] },
  ),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

/** PUT /api/system/settings: any subset of the sections; each given section is merged over the saved one. */
export const systemSettingsUpdateSchema = z.object({
  backup: boundedJson(systemSettingsSchema.shape.backup.partial().optional(), FLAT_JSON_LIMITS),
  security: boundedJson(systemSettingsSchema.shape.security.partial().optional(), FLAT_JSON_LIMITS),
  notifications: boundedJson(systemSettingsSchema.shape.notifications.partial().optional(), FLAT_JSON_LIMITS),
  maintenance: boundedJson(maintenanceFields.partial().optional(), FLAT_JSON_LIMITS),
});
export type SystemSettingsUpdate = z.infer<typeof systemSettingsUpdateSchema>;

/** One entry of the maintenance history ('Ver Histórico'). */
export const maintenanceEventSchema = z.object({
  at: z.string(),
  enabled: z.boolean(),
  message: z.string(),
  scheduledStart: z.string().nullable(),
  scheduledEnd: z.string().nullable(),
  byEmail: z.string().nullable(),
});
export type MaintenanceEvent = z.infer<typeof maintenanceEventSchema>;

/** GET /api/system/maintenance (public): whether normal users are kept out right now, and why. */
export const maintenanceStatusSchema = z.object({
  active: z.boolean(),
  message: z.string(),
  scheduledStart: z.string().nullable(),
  scheduledEnd: z.string().nullable(),
});
export type MaintenanceStatus = z.infer<typeof maintenanceStatusSchema>;

export const backupInfoSchema = z.object({
  name: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
});
export type BackupInfo = z.infer<typeof backupInfoSchema>;

/** GET /api/system/status: the measured figures of the Sistema tab. */
export const systemStatusSchema = z.object({
  status: z.literal('online'),
  version: z.string(),
  startedAt: z.string(),
  uptimeSeconds: z.number().int(),
  /** When the running client build was produced (the deploy), else the server start. */
  lastUpdateAt: z.string(),
  database: z.object({
    client: z.enum(['sqlite', 'pg']),
    sizeBytes: z.number().int(),
    totalRecords: z.number().int(),
    tables: z.array(z.object({ table: z.string(), label: z.string(), count: z.number().int() })),
  }),
  lastBackup: backupInfoSchema.nullable(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/** Lines answered by GET /api/system/logs: `limit` 1–500, default 200. */
export const systemLogsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: m.invalidInteger })
    .int({ error: m.invalidInteger })
    .min(1)
    .max(500)
    .default(200),
});

export const systemLogsResponseSchema = z.object({
  lines: z.array(
    z.object({
      time: z.string(),
      level: z.string(),
      msg: z.string(),
      requestId: z.string().optional(),
      status: z.number().optional(),
      /** 'GET /api/clients' for request lines. */
      path: z.string().optional(),
      ms: z.number().optional(),
    }),
  ),
});
export type SystemLogsResponse = z.infer<typeof systemLogsResponseSchema>;
