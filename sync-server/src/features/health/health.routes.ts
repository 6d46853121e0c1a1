import { z } from 'zod';
import { defineRoutes, route } from '../../http/route';
import { APP_VERSION } from '../../version';

const startedAt = Date.now();

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'error']),
  version: z.string(),
  uptime: z.number().int(),
});

/** GET /api/health: liveness plus a database round-trip; 503 when the database does not answer. */
export function healthRoutes() {
  return defineRoutes('health', [
    route(
      {
        method: 'GET',
        path: '/api/health',
        summary:
          'Liveness and database check (503 when the database does not answer); issues the CSRF cookie',
        audience: 'public',
        answer: healthSchema,
        errors: [503],
      },
      async (ctx) => {
        let db = true;
        try {
          await ctx.deps.knex.raw('select 1');
        } catch (err) {
          db = false;
          ctx.state.log.error({ err }, 'health: database unreachable');
        }
        ctx.set('Cache-Control', 'no-store');
        ctx.status = db ? 200 : 503;
        ctx.body = {
          status: db ? 'ok' : 'degraded',
          db: db ? 'ok' : 'error',
          version: APP_VERSION,
          uptime: Math.round((Date.now() - startedAt) / 1000),
        };
      },
    ),
  ]);
}
