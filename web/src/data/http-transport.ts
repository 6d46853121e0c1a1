import { pullPageSchema, pushResponseSchema, type PullQuery, type PushRequest } from '@casa/shared-schema';
import { ApiError, type ApiClient } from '../lib/api';
import { SyncHttpError, type SyncTransport } from './transport';

function toSyncError(err: unknown): unknown {
  if (err instanceof ApiError) return new SyncHttpError(err.status, err.message, err.code, err.body);
  return err;
}

/** GET /api/sync/pull and POST /api/sync/push through the app's fetch helper (cookies, CSRF). */
export function httpTransport(client: ApiClient): SyncTransport {
  return {
    async pull(query: Partial<PullQuery>) {
      const params = new URLSearchParams();
      if (query.cursor) params.set('cursor', query.cursor);
      if (query.limit) params.set('limit', String(query.limit));
      try {
        const body = await client.request(`/api/sync/pull?${params.toString()}`);
        // The lean check (each row an object, not key by key): a page of 2,000 rows stays a short task.
        const checking = performance.now();
        const page = pullPageSchema.parse(body);
        performance.measure('casa:pull-check', { start: checking, end: performance.now() });
        return page;
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
