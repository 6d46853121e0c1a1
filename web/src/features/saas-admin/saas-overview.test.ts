import { describe, expect, it } from 'vitest';
import type { Organization, Package } from '@casa/shared-schema';
import { organizationGrowth, revenueEstimate, totalClients } from './saas-overview';

let n = 0;
function org(patch: Partial<Organization>): Organization {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Org ${n}`,
    email: `org${n}@teste.pt`,
    packageId: null,
    plan: 'starter',
    status: 'active',
    maxUsers: 5,
    maxClients: 500,
    settings: {},
    isProtected: false,
    trialEndsAt: null,
    createdAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-01-10T10:00:00.000Z',
    ...patch,
  };
}
const pkg = (id: string, price: string) => ({ id, price }) as Package;
const P1 = '11111111-1111-4111-8111-111111111111';

describe('revenueEstimate (docs/product.md#saas-admin)', () => {
  it('sums the package price of active organizations and falls back 22 / 55 / 199 by plan', () => {
    const orgs = [
      org({ packageId: P1 }),
      org({ plan: 'starter' }),
      org({ plan: 'professional' }),
      org({ plan: 'enterprise' }),
      org({ plan: 'professional', status: 'suspended' }),
      org({ packageId: P1, status: 'trial' }),
    ];
    expect(revenueEstimate(orgs, [pkg(P1, '99.90')])).toBe('375.90');
  });
  it('is 0.00 without active organizations', () => {
    expect(revenueEstimate([org({ status: 'cancelled' })], [])).toBe('0.00');
  });
});

describe('totalClients', () => {
  it('adds the live client counts', () => {
    expect(totalClients([org({ clientCount: 3 }), org({}), org({ clientCount: 40 })])).toBe(43);
  });
});

describe('organizationGrowth', () => {
  const now = new Date('2026-03-15T12:00:00Z');
  const many = (n: number, createdAt: string) => Array.from({ length: n }, () => org({ createdAt }));
  it('compares this Lisbon month with the previous one, in percent from 10 organizations', () => {
    const orgs = [
      ...many(14, '2026-03-02T00:00:00Z'),
      org({ createdAt: '2026-03-11T00:00:00Z' }),
      ...many(9, '2026-02-05T00:00:00Z'),
      org({ createdAt: '2026-02-28T23:30:00Z' }),
      org({ createdAt: '2025-12-01T00:00:00Z' }),
    ];
    expect(organizationGrowth(orgs, now)).toBe('+50%');
  });
  it('gives the difference from a smaller month, with a minus sign for a fall', () => {
    const orgs = [
      org({ createdAt: '2026-03-02T00:00:00Z' }),
      org({ createdAt: '2026-03-10T00:00:00Z' }),
      org({ createdAt: '2026-03-11T00:00:00Z' }),
      org({ createdAt: '2026-02-05T00:00:00Z' }),
      org({ createdAt: '2026-02-28T23:30:00Z' }),
    ];
    expect(organizationGrowth(orgs, now)).toBe('+1');
    expect(organizationGrowth(orgs.slice(3), now)).toBe('-2');
    expect(organizationGrowth(orgs.slice(0, 1), now)).toBe('+1');
  });
  it("is '—' when neither month had any", () => {
    expect(organizationGrowth([org({ createdAt: '2025-03-02T00:00:00Z' })], now)).toBe('—');
  });
});
