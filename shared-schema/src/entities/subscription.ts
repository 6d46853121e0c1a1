import { z } from 'zod';
import { billingCycleSchema, planIdSchema } from '../enums';
import { validationMessages as m } from '../messages';
import { isoDateTimeSchema, uuidSchema } from '../primitives';

export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'suspended', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES, { error: m.invalidOption });
export const subscriptionSchema = z.object({
  id: uuidSchema,
  organizationId: uuidSchema,
  packageId: uuidSchema.nullable(),
  billingCycle: billingCycleSchema,
  status: subscriptionStatusSchema,
  trialEndsAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/**
 * POST /api/subscriptions/register (sign-up step 3). packageId is a package uuid or, as the
 * landing page sends it, a plan id such as 'org-professional' (the package's technical name).
 */
export const subscriptionCreateSchema = z.object({
  packageId: z.union([uuidSchema, planIdSchema], { error: m.invalidOption }),
  billingCycle: billingCycleSchema.default('monthly'),
});
export type SubscriptionCreate = z.infer<typeof subscriptionCreateSchema>;

export const subscriptionUpdateSchema = z
  .object({ packageId: uuidSchema, billingCycle: billingCycleSchema, status: subscriptionStatusSchema })
  .partial();
export type SubscriptionUpdate = z.infer<typeof subscriptionUpdateSchema>;
