import { createReadStream } from 'node:fs';
import Router from '@koa/router';
import { errorMessages, systemLogsQuerySchema, type SystemLogsResponse } from '@casa/shared-schema';
import { requireAuth, requireSuperAdmin } from '../../http/auth';
import { domainCtx } from '../../http/context';
import { AppError, internal } from '../../http/errors';
import type { AppContextExt, AppState } from '../../http/types';
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
  const router = new Router<AppState, AppContextExt>();

  // Public: the web client asks it to show the maintenance page (and the login page its banner).
  router.get('/api/system/maintenance', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = maintenanceStatusAt(await cachedSystemSettings(ctx.deps.knex), new Date());
  });

  router.get('/api/system/status', requireAuth, requireSuperAdmin, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await systemStatus(domainCtx(ctx), {
      webDist: ctx.deps.env.WEB_DIST,
      backupDir: ctx.deps.env.BACKUP_DIR,
    });
  });

  router.get('/api/system/settings', requireAuth, requireSuperAdmin, async (ctx) => {
    ctx.body = await getSystemSettings(domainCtx(ctx));
  });
  router.put('/api/system/settings', requireAuth, requireSuperAdmin, async (ctx) => {
    ctx.body = await saveSystemSettings(domainCtx(ctx), ctx.request.body);
  });
  router.get('/api/system/maintenance/history', requireAuth, requireSuperAdmin, async (ctx) => {
    ctx.body = await getMaintenanceHistory(domainCtx(ctx));
  });

  router.get('/api/system/backups', requireAuth, requireSuperAdmin, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listBackups(ctx.deps.env.BACKUP_DIR);
  });
  router.post('/api/system/backups', requireAuth, requireSuperAdmin, async (ctx) => {
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
  });
  router.get('/api/system/backups/:name', requireAuth, requireSuperAdmin, async (ctx) => {
    const file = await backupPath(ctx.deps.env.BACKUP_DIR, ctx.params.name ?? '');
    ctx.set('Content-Disposition', `attachment; filename="${ctx.params.name}"`);
    ctx.type = 'application/octet-stream';
    ctx.body = createReadStream(file);
  });

  router.get('/api/system/logs', requireAuth, requireSuperAdmin, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const { limit } = systemLogsQuerySchema.parse(ctx.query);
    const lines = (ctx.deps.logRing?.recent(limit) ?? []).map(toLogLine);
    ctx.body = { lines } satisfies SystemLogsResponse;
  });

  return router;
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
