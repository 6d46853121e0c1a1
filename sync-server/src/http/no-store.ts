import type { AppMiddleware } from './types';

/**
 * Every /api answer is `Cache-Control: no-store` unless its route chose otherwise (the versioned photo URL,
 * the public OpenAPI document): an authenticated answer must never be kept by a browser or a shared cache,
 * where the next user of the same computer could read it after logout. One middleware, so a new route cannot
 * forget it (test/no-store.test.ts walks every route).
 */
export function noStoreApi(): AppMiddleware {
  return async (ctx, next) => {
    if (ctx.path.startsWith('/api/')) ctx.set('Cache-Control', 'no-store');
    await next();
  };
}
