import { ErrorCode } from '@casa/shared-schema';
import { AppError } from '../../http/errors';
import type { AppMiddleware } from '../../http/types';
import { cachedSystemSettings, maintenanceStatusAt } from './system-settings.domain';

/**
 * Calls every visitor may still make during maintenance: the status itself, health, signing in and out
 * (a super admin must be able to log in; login refuses everyone else itself) and the public price list.
 */
const OPEN_DURING_MAINTENANCE = new Set([
  'GET /api/health',
  'GET /api/system/maintenance',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/packages',
  'GET /api/openapi.json',
]);

export const maintenanceError = (message: string) => new AppError(ErrorCode.MAINTENANCE, message);

/**
 * Maintenance mode (system settings, Manutenção): while it is on, or inside its scheduled window, every
 * /api call of anyone but a super admin answers 503 {code: 'maintenance', message}; the web client then
 * shows the maintenance page with that message. Mounted after authContext.
 */
export function maintenanceGate(): AppMiddleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/api/') || ctx.state.auth?.isSuperAdmin) return next();
    if (OPEN_DURING_MAINTENANCE.has(`${ctx.method} ${ctx.path}`)) return next();
    const status = maintenanceStatusAt(await cachedSystemSettings(ctx.deps.knex), new Date());
    if (status.active) throw maintenanceError(status.message);
    return next();
  };
}
