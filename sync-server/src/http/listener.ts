import type { RequestListener } from 'node:http';
import type Koa from 'koa';

/**
 * Koa's request handler as a Node listener. Koa settles every request itself (the error handler answers
 * and logs), so the promise its handler returns never rejects and nobody needs to await it.
 */
export function requestListener(app: Pick<Koa, 'callback'>): RequestListener {
  const handle = app.callback();
  return (req, res) => void handle(req, res);
}
