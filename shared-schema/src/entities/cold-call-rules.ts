// A cold call's rules that need no schema, so no zod: the web app's start reads them through
// '@casa/shared-schema/values' (values.ts, docs/decisions.md); the index re-exports them too.
import { FOLLOW_UP_CALL_RESULTS, type CallResult } from '../enums/business-values';

export const MARATHON_CALL_DURATION = 2;

export const DAILY_CALL_GOAL = 20;

/** Interessado and Agendar Follow-up imply a follow-up (docs/product.md#cold-calls). */
export function callNeedsFollowUp(result: CallResult | null | undefined): boolean {
  return result != null && FOLLOW_UP_CALL_RESULTS.includes(result);
}
