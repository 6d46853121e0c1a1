import { randomUUID } from 'node:crypto';
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
  propertyId: string,
  reason: PropertyMatchReason,
): Promise<void> {
  await tx.db('property_match_jobs').insert({
    id: randomUUID(),
    organization_id: organizationId,
    property_id: propertyId,
    reason,
    created_at: tx.now,
  });
}

/** A price change that can bring new buyers: lower than before, or a first price (no price matches no one). */
export function priceOpensMatches(before: number | null | undefined, after: number | null | undefined) {
  if (after === null || after === undefined) return false;
  return before === null || before === undefined || after < before;
}
