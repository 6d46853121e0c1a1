import { describe, expect, it } from 'vitest';
import { subscriptionCreateSchema } from './subscription';

describe('subscriptionCreateSchema', () => {
  it('accepts a plan id or a package uuid', () => {
    expect(subscriptionCreateSchema.parse({ packageId: 'org-professional' })).toEqual({
      packageId: 'org-professional',
      billingCycle: 'monthly',
    });
    expect(
      subscriptionCreateSchema.parse({
        packageId: '0b3f2b59-9a54-4c1e-8e0b-3f5f2f1c9a10',
        billingCycle: 'yearly',
      }).billingCycle,
    ).toBe('yearly');
  });

  it('rejects unknown plans and cycles', () => {
    expect(subscriptionCreateSchema.safeParse({ packageId: 'gold' }).success).toBe(false);
    expect(subscriptionCreateSchema.safeParse({ packageId: 'ind-pro', billingCycle: 'weekly' }).success).toBe(
      false,
    );
  });
});
