import { describe, expect, it } from 'vitest';
import {
  monthlyRevenueEstimate,
  organizationUserCreateSchema,
  organizationUserUpdateSchema,
  statusToggleSchema,
} from './admin';

const packages = [
  { id: 'p1', price: '99.90' },
  { id: 'p2', price: '0.10' },
  { id: 'p3', price: null },
];

describe('monthlyRevenueEstimate', () => {
  it('sums package prices of active organizations in whole cents', () => {
    const orgs = [
      { status: 'active', plan: 'starter', packageId: 'p1' },
      { status: 'active', plan: 'starter', packageId: 'p2' },
      { status: 'active', plan: 'enterprise', packageId: 'p2' },
    ];
    expect(monthlyRevenueEstimate(orgs, packages)).toBe('100.10');
  });

  it('falls back to 22 / 55 / 199 by plan and ignores organizations that are not active', () => {
    const orgs = [
      { status: 'active', plan: 'starter', packageId: null },
      { status: 'active', plan: 'professional', packageId: 'p3' },
      { status: 'active', plan: 'enterprise', packageId: 'missing' },
      { status: 'suspended', plan: 'enterprise', packageId: 'p1' },
      { status: 'trial', plan: 'starter', packageId: null },
    ];
    expect(monthlyRevenueEstimate(orgs, packages)).toBe('276.00');
    expect(monthlyRevenueEstimate([], packages)).toBe('0.00');
  });
});

describe('organization user schemas', () => {
  it('leaves the role out when not sent and refuses super_admin', () => {
    const base = { firstName: 'Ana', email: 'ana@exemplo.pt', password: 'Segredo#9' };
    expect(organizationUserCreateSchema.parse(base).role).toBeUndefined();
    expect(organizationUserCreateSchema.safeParse({ ...base, role: 'super_admin' }).success).toBe(false);
  });

  it('drops the email on update and treats a blank password as not sent', () => {
    const parsed = organizationUserUpdateSchema.parse({ email: 'x@y.pt', password: '', role: 'viewer' });
    expect(parsed).toEqual({ role: 'viewer' });
  });

  it('toggles only between active and suspended', () => {
    expect(statusToggleSchema.safeParse({ status: 'suspended' }).success).toBe(true);
    expect(statusToggleSchema.safeParse({ status: 'trial' }).success).toBe(false);
  });
});
