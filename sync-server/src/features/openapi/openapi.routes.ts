import Router from '@koa/router';
import type { AppContextExt, AppState } from '../../http/types';
import { openApiDocument } from './openapi.document';

/** GET /api/openapi.json: public, the document is built once and kept in memory. */
export function openApiRoutes() {
  const router = new Router<AppState, AppContextExt>();
  router.get('/api/openapi.json', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = openApiDocument();
  });
  return router;
}
