import { randomUUID } from 'node:crypto';
import type { AppMiddleware, Auth } from './types';

const INCOMING_ID = /^[\w.:-]{1,128}$/;

/** Request id (kept from a sane `X-Request-Id`, else new), a child logger, and one log line per request. */
export function requestContext(): AppMiddleware {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = INCOMING_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.auth = null;
    ctx.state.log = ctx.deps.logger.child({ reqId: requestId });
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      // Re-read: authContext() sets it further down the chain.
      const auth = ctx.state.auth as Auth | null;
      const line = {
        method: ctx.method,
        url: ctx.originalUrl,
        status: ctx.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ...(auth ? { userId: auth.userId, organizationId: auth.organizationId } : {}),
      };
      const maintenance = (ctx.body as { code?: unknown } | undefined)?.code === 'maintenance';
      if (ctx.status >= 500 && !maintenance) ctx.state.log.error(line, 'request failed');
      else ctx.state.log.info(line, 'request');
    }
  };
}
