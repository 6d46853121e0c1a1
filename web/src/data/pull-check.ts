import type { PullResponse } from '@casa/shared-schema';
import type * as SyncContractModule from '@casa/shared-schema/sync-contract';

// The check of a pull answer, the same in the page (http-transport.ts, early-first-page.ts) and in the page
// writer's worker, which fetches pages itself (page-writer.host.ts).

type SyncContract = typeof SyncContractModule;

let contract: Promise<SyncContract> | undefined;

/**
 * The contract's schemas, loaded with zod at the first answer to check: a reload's start evaluates neither,
 * and zod then evaluates in a task of its own, without the entity schemas (issue 19, docs/boundaries.md
 * "The start's chunks").
 */
export function loadContract(): Promise<SyncContract> {
  contract ??= import('@casa/shared-schema/sync-contract').catch((error: unknown) => {
    contract = undefined; // tried again at the next answer
    throw error;
  });
  return contract;
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
