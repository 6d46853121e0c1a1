import { randomUUID } from 'node:crypto';
import { forOrganization } from '../../db/scope';
import type { TxCtx } from '../../db/transaction';

/** Why a property is looked at again for buyers: it is new, or it became cheaper (or got its first price). */
export type PropertyMatchReason = 'created' | 'price_drop';

/**
 * Queues a property for the scheduler's match notification, in the transaction that wrote the property
 * (undone with it). The scheduler, not the request, computes the matches: a save stays fast, and a job
 * is claimed exactly once across server processes (property-matches.service.ts).
 */
export async function enqueuePropertyMatch(
  tx: TxCtx,
  organizationId: string,
  propertyIds: string | readonly string[],
  reason: PropertyMatchReason,
): Promise<void> {
  const ids = typeof propertyIds === 'string' ? [propertyIds] : propertyIds;
  await forOrganization(tx.db, { organizationId }).append(
    'property_match_jobs',
    ids.map((propertyId) => ({ id: randomUUID(), property_id: propertyId, reason, created_at: tx.now })),
  );
}

/** A price change that can bring new buyers: lower than before, or a first price (no price matches no one). */
export function priceOpensMatches(before: number | null | undefined, after: number | null | undefined) {
  if (after === null || after === undefined) return false;
  return before === null || before === undefined || after < before;
}
