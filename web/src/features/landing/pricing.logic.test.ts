import { describe, expect, it } from 'vitest';
import { formatCurrency } from '@casa/shared-schema';
import { audienceOfPlan, planCards } from './pricing.logic';

describe('planCards', () => {
  it('lists the agency plans with monthly prices and the recommended one', () => {
    const cards = planCards('organization', 'monthly');
    expect(cards.map((c) => [c.name, c.price, c.recommended])).toEqual([
      ['Iniciante', '99.00', false],
      ['Profissional', '199.00', true],
      ['Empresarial', '399.00', false],
    ]);
    expect(cards.every((c) => c.savings === null)).toBe(true);
  });

  it('shows yearly prices and 12 × monthly − yearly savings', () => {
    const cards = planCards('individual', 'yearly');
    expect(cards.map((c) => [c.id, c.price, c.savings])).toEqual([
      ['ind-basic', '299.00', '49.00'],
      ['ind-premium', '599.00', '109.00'],
      ['ind-pro', '999.00', '189.00'],
    ]);
    expect(formatCurrency(planCards('organization', 'yearly')[1]?.savings)).toMatch(/^389,00\s€$/);
  });

  it('marks Premium as the recommended individual plan', () => {
    expect(
      planCards('individual', 'monthly')
        .filter((c) => c.recommended)
        .map((c) => c.name),
    ).toEqual(['Premium']);
  });

  it('knows the audience of a plan id', () => {
    expect(audienceOfPlan('org-enterprise')).toBe('organization');
    expect(audienceOfPlan('ind-basic')).toBe('individual');
  });
});
