import { PassThrough } from 'node:stream';
import { errorMessages, SYNC_LIVE_PATH } from '@casa/shared-schema';
import { authOf } from '../../http/auth';
import { badRequest, forbidden, unauthenticated } from '../../http/errors';
import { defineRoutes, route } from '../../http/route';
import { liveOf, sessionIdOf, sessionKeyOf } from './live.service';

export const LIVE_PATH = SYNC_LIVE_PATH;
/** How long a browser waits before its own reconnect when the stream drops (the client backs off further). */
const RETRY_MS = 3000;

/**
 * GET /api/sync/live: server-sent events for as long as the device is online. Each `data: poke` means
 * "your organization's change log advanced: pull now"; it carries no data (the pull stays the one way
 * data moves). Comment lines every 20 s keep proxies from closing it; `X-Accel-Buffering: no` tells
 * nginx not to buffer it. Ends on logout (any process), when the session expires, and at shutdown.
 */
export function liveRoutes() {
  return defineRoutes('sync', [
    route(
      {
        method: 'GET',
        path: LIVE_PATH,
        summary:
          "Server-sent events (`Accept: text/event-stream`, else 400) while the device is online: `data: poke` when its organization's change log (or its own private rows) advanced — pull then; no data; comment heartbeats every 20 s; 403 for a user without organization (docs/sync.md)",
        audience: 'member',
        answerType: 'text/event-stream',
        errors: [400],
      },
      async (ctx) => {
        const auth = authOf(ctx);
        const sid = sessionIdOf(ctx);
        if (!sid) throw unauthenticated();
        // The super admin has no organization and no replica: nothing to poke.
        if (!auth.organizationId) throw forbidden(errorMessages.forbidden);
        // Only an event-stream reader (EventSource always says so) gets a stream that never ends; a plain
        // request (a crawler, a route walk) gets an answer.
        if (!/\btext\/event-stream\b/.test(ctx.get('Accept'))) throw badRequest();

        const socket = ctx.req.socket;
        socket.setTimeout(0);
        socket.setNoDelay(true);
        socket.setKeepAlive(true);
        const stream = new PassThrough();
        ctx.status = 200;
        ctx.set('Content-Type', 'text/event-stream; charset=utf-8');
        ctx.set('X-Accel-Buffering', 'no');
        ctx.body = stream;
        stream.write(`retry: ${RETRY_MS}\n: live\n\n`);

        const remove = liveOf(ctx.deps).add({
          organizationId: auth.organizationId,
          userId: auth.userId,
          sessionKey: sessionKeyOf(sid),
          sid,
          write: (frame) => {
            if (stream.destroyed || ctx.res.destroyed) return false;
            stream.write(frame);
            return true;
          },
          end: () => {
            stream.end();
            // An ended response on a keep-alive socket would leave it idle: close it (shutdown waits for none).
            ctx.res.once('finish', () => socket.end());
          },
        });
        ctx.res.once('close', remove);
      },
    ),
  ]);
}
