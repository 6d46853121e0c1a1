import type { PullQuery, PullResponse, PushRequest } from '@casa/shared-schema';
import type * as SyncContractModule from '@casa/shared-schema/sync-contract';
import { ApiError, type ApiClient } from '../lib/api';
import { SyncHttpError, type SyncTransport } from './transport';

type SyncContract = typeof SyncContractModule;

let contract: Promise<SyncContract> | undefined;

/**
 * The contract's schemas, loaded with zod at the first answer to check: a reload's start evaluates neither,
 * and zod then evaluates in a task of its own, without the entity schemas (issue 19, docs/boundaries.md
 * "The start's chunks").
 */
function loadContract(): Promise<SyncContract> {
  contract ??= import('@casa/shared-schema/sync-contract').catch((error: unknown) => {
    contract = undefined; // tried again at the next answer
    throw error;
  });
  return contract;
}

function toSyncError(err: unknown): unknown {
  if (err instanceof ApiError) return new SyncHttpError(err.status, err.message, err.code, err.body);
  return err;
}

/** A pull answer's body checked (rejects when it is not a page). */
export async function checkPullPage(body: unknown): Promise<PullResponse> {
  const { pullPageSchema } = await loadContract();
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
        return await checkPullPage(await client.request(`/api/sync/pull?${params.toString()}`));
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
