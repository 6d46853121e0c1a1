import type { RouteTable } from './route';
import type { AppMiddleware } from './types';

const API_PATH = /^\/api\//i;

/** `/api/<segment>/…` → the segment, lower-cased as @koa/router matches paths (case-insensitive). */
export function apiSegmentOf(path: string): string {
  const end = path.indexOf('/', 5);
  return (end === -1 ? path.slice(5) : path.slice(5, end)).toLowerCase();
}

/**
 * Mounts the /api route tables as one middleware that runs, for a request, only the routers that declare
 * a route under its first segment after /api (issue 19): mounted one by one, every request went through
 * all ~25 routers, each testing its routes' regexps. The routers and their order are unchanged, so a
 * request is answered by the same route (a non-uuid :id still falls through to a later table).
 */
export function apiDispatch(tables: RouteTable[]): AppMiddleware {
  const mounted = tables.map((table) => ({
    segments: new Set(table.routes.map((r) => apiSegmentOf(r.path))),
    middleware: table.router().routes() as unknown as AppMiddleware,
  }));
  const bySegment = new Map<string, AppMiddleware[]>();
  for (const { segments, middleware } of mounted) {
    for (const segment of segments) {
      if (!bySegment.has(segment)) bySegment.set(segment, []);
      bySegment.get(segment)?.push(middleware);
    }
  }
  const run = (
    list: AppMiddleware[],
    i: number,
    ...[ctx, next]: Parameters<AppMiddleware>
  ): Promise<unknown> =>
    i === list.length ? next() : Promise.resolve(list[i]?.(ctx, () => run(list, i + 1, ctx, next)));
  return (ctx, next) => {
    const list = API_PATH.test(ctx.path) ? bySegment.get(apiSegmentOf(ctx.path)) : undefined;
    return list ? run(list, 0, ctx, next) : next();
  };
}
