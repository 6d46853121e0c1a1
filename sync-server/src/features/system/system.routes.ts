import { createReadStream } from 'node:fs';
import { defineRoutes, queryOf, route } from '../../http/route';
import { z } from 'zod';
import {
  backupInfoSchema,
  errorMessages,
  maintenanceEventSchema,
  maintenanceStatusSchema,
  systemLogsQuerySchema,
  systemLogsResponseSchema,
  systemSettingsSchema,
  systemSettingsUpdateSchema,
  systemStatusSchema,
  type SystemLogsResponse,
} from '@casa/shared-schema';
import { domainCtx } from '../../http/context';
import { AppError, internal } from '../../http/errors';
import { backupPath, createBackup, listBackups } from './backups';
import {
  cachedSystemSettings,
  getMaintenanceHistory,
  getSystemSettings,
  maintenanceStatusAt,
  saveSystemSettings,
} from './system-settings.domain';
import { systemStatus } from './system-status.domain';

/** System settings of the super admin (docs/product.md#saas-admin 'Configurações do Sistema'): measured, saved, applied. */
export function systemRoutes() {
  return defineRoutes('system', [
    // Public: the web client asks it to show the maintenance page (and the login page its banner).
    route(
      {
        method: 'GET',
        path: '/api/system/maintenance',
        summary:
          '`{active, message, scheduledStart, scheduledEnd}`: whether maintenance keeps normal users out now',
        audience: 'public',
        answer: maintenanceStatusSchema,
        errors: [],
      },
      async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = maintenanceStatusAt(await cachedSystemSettings(ctx.deps.knex), new Date());
      },
    ),

    route(
      {
        method: 'GET',
        path: '/api/system/status',
        summary:
          'Measured figures: uptime since the process started, version, last update (client build time), database size on disk, record counts per table, last backup',
        audience: 'super_admin',
        answer: systemStatusSchema,
        errors: [401, 403],
      },
      async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = await systemStatus(domainCtx(ctx), {
          webDist: ctx.deps.env.WEB_DIST,
          backupDir: ctx.deps.env.BACKUP_DIR,
        });
      },
    ),

    route(
      {
        method: 'GET',
        path: '/api/system/settings',
        summary: 'System settings (backup, security, notifications, maintenance) over their defaults',
        audience: 'super_admin',
        answer: systemSettingsSchema,
        errors: [401, 403],
      },
      async (ctx) => {
        ctx.body = await getSystemSettings(domainCtx(ctx));
      },
    ),
    route(
      {
        method: 'PUT',
        path: '/api/system/settings',
        summary: 'Save any sections (merged); maintenance mode and the login-attempt limit apply at once',
        audience: 'super_admin',
        body: systemSettingsUpdateSchema,
        answer: systemSettingsSchema,
        errors: [400],
      },
      async (ctx) => {
        ctx.body = await saveSystemSettings(domainCtx(ctx), ctx.request.body);
      },
    ),
    route(
      {
        method: 'GET',
        path: '/api/system/maintenance/history',
        summary: 'Maintenance changes, newest first (last 50), with who made them',
        audience: 'super_admin',
        answer: z.array(maintenanceEventSchema),
        errors: [401, 403],
      },
      async (ctx) => {
        ctx.body = await getMaintenanceHistory(domainCtx(ctx));
      },
    ),

    route(
      {
        method: 'GET',
        path: '/api/system/backups',
        summary: 'Backups in `BACKUP_DIR`, newest first',
        audience: 'super_admin',
        answer: z.array(backupInfoSchema),
        errors: [401, 403],
      },
      async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = await listBackups(ctx.deps.env.BACKUP_DIR);
      },
    ),
    route(
      {
        method: 'POST',
        path: '/api/system/backups',
        summary: 'Write a consistent backup now: SQLite online backup API or `pg_dump --format=custom`',
        audience: 'super_admin',
        answer: backupInfoSchema,
        status: 201,
        errors: [401, 403, 500],
      },
      async (ctx) => {
        try {
          const backup = await createBackup(ctx.deps.knex, ctx.deps.env.BACKUP_DIR);
          ctx.state.log.info({ backup: backup.name, sizeBytes: backup.sizeBytes }, 'backup written');
          ctx.status = 201;
          ctx.body = backup;
        } catch (err) {
          if (err instanceof AppError) throw err;
          ctx.state.log.error({ err }, 'backup failed');
          throw internal(errorMessages.backupFailed);
        }
      },
    ),
    route(
      {
        method: 'GET',
        path: '/api/system/backups/:name',
        summary: 'Download one backup (404 for any name not listed)',
        audience: 'super_admin',
        answerType: 'application/octet-stream',
        errors: [401, 403, 404],
      },
      async (ctx) => {
        const file = await backupPath(ctx.deps.env.BACKUP_DIR, ctx.params.name ?? '');
        ctx.set('Content-Disposition', `attachment; filename="${ctx.params.name}"`);
        ctx.type = 'application/octet-stream';
        ctx.body = createReadStream(file);
      },
    ),

    route(
      {
        method: 'GET',
        path: '/api/system/logs',
        summary: "This process's last log lines (`?limit=` 1–500, default 200), newest first",
        audience: 'super_admin',
        query: systemLogsQuerySchema,
        answer: systemLogsResponseSchema,
        errors: [400, 401, 403],
      },
      async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        const { limit } = queryOf(ctx, systemLogsQuerySchema);
        const lines = (ctx.deps.logRing?.recent(limit) ?? []).map(toLogLine);
        ctx.body = { lines } satisfies SystemLogsResponse;
      },
    ),
  ]);
}

const LEVELS: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

/** A pino line (request-context.ts writes method, url, status, ms per request) as the screen shows it. */
function toLogLine(l: Record<string, unknown>): SystemLogsResponse['lines'][number] {
  const err = l.err as { message?: unknown } | undefined;
  const msg = typeof l.msg === 'string' ? l.msg : '';
  return {
    time: new Date(typeof l.time === 'number' ? l.time : 0).toISOString(),
    level: typeof l.level === 'number' ? (LEVELS[l.level] ?? String(l.level)) : String(l.level),
    msg: typeof err?.message === 'string' ? `${msg}: ${err.message}` : msg,
    ...(typeof l.reqId === 'string' ? { requestId: l.reqId } : {}),
    ...(typeof l.status === 'number' ? { status: l.status } : {}),
    ...(typeof l.method === 'string' && typeof l.url === 'string' ? { path: `${l.method} ${l.url}` } : {}),
    ...(typeof l.ms === 'number' ? { ms: l.ms } : {}),
  };
}
