import { errorMessages } from '@casa/shared-schema';
import type { PublicCtx } from '../../http/context';
import { claimSlot, trimSlots } from './attempt-slots';

export const SIGNUP_WINDOW_MS = 60 * 60 * 1000;

/**
 * Counts one sign-up (POST /api/auth/register, any outcome) of the address before anything is looked up:
 * more than `ctx.limits.signupsPerAddress` (env SIGNUP_MAX_PER_ADDRESS) in an hour answer 429. This bounds
 * both mass account creation and probing which emails exist (the taken email is still told: no email
 * channel exists to answer otherwise, see docs/decisions.md).
 */
export async function claimSignupSlot(ctx: PublicCtx): Promise<void> {
  const now = new Date(ctx.now);
  const bucket = 'signup-address';
  await trimSlots(ctx.db, 'rate_limit_hits', { bucket }, now, SIGNUP_WINDOW_MS);
  await claimSlot(ctx.db, { table: 'rate_limit_hits', match: { bucket, key: ctx.ip || 'unknown' } }, now, {
    max: ctx.limits.signupsPerAddress,
    windowMs: SIGNUP_WINDOW_MS,
    message: errorMessages.tooManySignups,
  });
}
