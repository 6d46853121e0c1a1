import type { PullQuery, PushRequest } from '@casa/shared-schema';
import { ApiError, type ApiClient } from '../lib/api';
import type { Refusal } from './page-writer.protocol';
import { checkPullPage, loadContract } from './pull-check';
import { SyncHttpError, type SyncTransport } from './transport';

function toSyncError(err: unknown): unknown {
  if (err instanceof ApiError) return new SyncHttpError(err.status, err.message, err.code, err.body);
  return err;
}

/** The pull's address for a query. */
export function pullUrl(query: Partial<PullQuery>): string {
  const params = new URLSearchParams();
  if (query.cursor) params.set('cursor', query.cursor);
  if (query.limit) params.set('limit', String(query.limit));
  return `/api/sync/pull?${params.toString()}`;
}

/**
 * The pull as the page writer's worker asks it (page-writer.ts): the worker fetches the page's address
 * itself (same origin: the session cookie goes with it) and hands back any answer that was not OK, which is
 * read here by the app's own rules (its pt-PT message, a suspended account's sign-out, maintenance).
 */
export type RemotePull = {
  url(query: Partial<PullQuery>): string;
  refused(refusal: Refusal): Promise<never>;
};

/** Statuses whose answer has no body (the Response constructor refuses one). */
const BODILESS = new Set([204, 205, 304]);

export function remotePull(client: ApiClient): RemotePull {
  return {
    url: pullUrl,
    async refused({ status, statusText, body }) {
      const answer = new Response(BODILESS.has(status) ? null : body, { status, statusText });
      try {
        await client.read(answer);
      } catch (err) {
        throw toSyncError(err);
      }
      throw new SyncHttpError(status, statusText);
    },
  };
}

/** GET /api/sync/pull and POST /api/sync/push through the app's fetch helper (cookies, CSRF). */
export function httpTransport(client: ApiClient): SyncTransport {
  return {
    async pull(query: Partial<PullQuery>) {
      try {
        return await checkPullPage(await client.request(pullUrl(query)));
      } catch (err) {
        throw toSyncError(err);
      }
    },
    async push(request: PushRequest) {
      try {
        const [answer, { pushResponseSchema }] = await Promise.all([
          client.request('/api/sync/push', { method: 'POST', body: request }),
          loadContract(),
        ]);
        return pushResponseSchema.parse(answer);
      } catch (err) {
        throw toSyncError(err);
      }
    },
  };
}
