import {
  pullPageSchema,
  pushResponseSchema,
  type PullQuery,
  type PullResponse,
  type PushRequest,
} from '@casa/shared-schema';
import { ApiError, type ApiClient } from '../lib/api';
import { SyncHttpError, type SyncTransport } from './transport';

function toSyncError(err: unknown): unknown {
  if (err instanceof ApiError) return new SyncHttpError(err.status, err.message, err.code, err.body);
  return err;
}

/** A pull answer's body checked (throws when it is not a page). */
export function checkPullPage(body: unknown): PullResponse {
  // The lean check (each row an object, not key by key): a page of 2,000 rows stays a short task.
  const checking = performance.now();
  const page = pullPageSchema.parse(body);
  performance.measure('casa:pull-check', { start: checking, end: performance.now() });
  return page;
}

/** GET /api/sync/pull and POST /api/sync/push through the app's fetch helper (cookies, CSRF). */
export function httpTransport(client: ApiClient): SyncTransport {
  return {
    async pull(query: Partial<PullQuery>) {
      const params = new URLSearchParams();
      if (query.cursor) params.set('cursor', query.cursor);
      if (query.limit) params.set('limit', String(query.limit));
      try {
        return checkPullPage(await client.request(`/api/sync/pull?${params.toString()}`));
      } catch (err) {
        throw toSyncError(err);
      }
    },
    async push(request: PushRequest) {
      try {
        return pushResponseSchema.parse(
          await client.request('/api/sync/push', { method: 'POST', body: request }),
        );
      } catch (err) {
        throw toSyncError(err);
      }
    },
  };
}
