import { MutationRejection } from '../../data/mutations/core';

/** A refused local write carries the server's pt-PT message; anything else gets the spec's fallback. */
export function rejectionMessage(error: unknown, fallback: string): string {
  return error instanceof MutationRejection && error.message ? error.message : fallback;
}
