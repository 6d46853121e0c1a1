import { describe, expect, it } from 'vitest';
import { packageLabel, packageCreateSchema, packageUpdateSchema, planRevenueFallback } from './package';
import { PLAN_CATALOG, yearlySavings } from './plan-catalog';

describe('packageCreateSchema', () => {
  it('applies the defaults of docs/product.md#saas-admin and keeps the price a decimal string', () => {
    expect(packageCreateSchema.parse({ name: 'org-x', displayName: 'X', price: '49.9' })).toEqual({
      name: 'org-x',
      displayName: 'X',
      audience: 'organization',
      price: '49.90',
      currency: 'EUR',
      maxUsers: 5,
      maxClients: 500,
      features: [],
      limitations: {},
      isActive: true,
      sortOrder: 0,
    });
  });

  it('requires name, display name and price', () => {
    const r = packageCreateSchema.safeParse({ name: '', displayName: '' });
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'Nome é obrigatório',
      'Nome de apresentação é obrigatório',
      'Preço é obrigatório',
    ]);
  });

  it('wants integer limits and cent prices', () => {
    expect(
      packageCreateSchema.safeParse({ name: 'a', displayName: 'A', price: 1, maxUsers: 2.5 }).success,
    ).toBe(false);
    expect(packageCreateSchema.safeParse({ name: 'a', displayName: 'A', price: 1.001 }).success).toBe(false);
  });

  it('update adds no defaults', () => {
    expect(packageUpdateSchema.parse({ price: 10 })).toEqual({ price: '10.00' });
  });
});

describe('pricing', () => {
  it('lists the six plans with the prices of docs/product.md#sign-up', () => {
    expect(PLAN_CATALOG.map((p) => [p.name, p.price, p.yearlyPrice])).toEqual([
      ['org-starter', '99.00', '999.00'],
      ['org-professional', '199.00', '1999.00'],
      ['org-enterprise', '399.00', '3999.00'],
      ['ind-basic', '29.00', '299.00'],
      ['ind-premium', '59.00', '599.00'],
      ['ind-pro', '99.00', '999.00'],
    ]);
  });

  it('computes yearly savings in cents', () => {
    expect(yearlySavings('99.00', '999.00')).toBe('189.00');
    expect(yearlySavings('0.10', '1.19')).toBe('0.01');
    expect(yearlySavings('1.00', '13.00')).toBe('-1.00');
  });

  it('falls back per plan for revenue', () => {
    expect([
      planRevenueFallback('starter'),
      planRevenueFallback('professional'),
      planRevenueFallback('enterprise'),
    ]).toEqual([22, 55, 199]);
  });

  it("tells the agency and the individual plan of the same name apart ('Profissional' twice)", () => {
    const [agency, individual] = [
      PLAN_CATALOG.find((p) => p.name === 'org-professional')!,
      PLAN_CATALOG.find((p) => p.name === 'ind-pro')!,
    ];
    expect(agency.displayName).toBe(individual.displayName);
    expect(packageLabel(agency)).toBe('Profissional (Agência)');
    expect(packageLabel(individual)).toBe('Profissional (Individual)');
    expect(packageLabel(agency)).not.toBe(packageLabel(individual));
  });
});
