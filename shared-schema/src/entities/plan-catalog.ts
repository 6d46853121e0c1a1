import type { PlanId } from '../enums/accounts-values';

// The public plans as plain data (no zod): the landing's pricing, evaluated at the web app's start, reads
// them (issue 19, docs/decisions.md). The package schemas (package.ts) are the admin's and the API's.

/** A new organization's free trial (docs/product.md#sign-up). */
export const TRIAL_DAYS = 14;

type CatalogEntry = {
  name: PlanId;
  audience: 'organization' | 'individual';
  displayName: string;
  price: string;
  yearlyPrice: string;
  maxUsers: number;
  maxClients: number;
  recommended: boolean;
};

/** Public pricing (docs/product.md#saas-admin). A client limit docs/product.md#sign-up does not give is 0 (unlimited). */
export const PLAN_CATALOG: readonly CatalogEntry[] = [
  {
    name: 'org-starter',
    audience: 'organization',
    displayName: 'Iniciante',
    price: '99.00',
    yearlyPrice: '999.00',
    maxUsers: 5,
    maxClients: 0,
    recommended: false,
  },
  {
    name: 'org-professional',
    audience: 'organization',
    displayName: 'Profissional',
    price: '199.00',
    yearlyPrice: '1999.00',
    maxUsers: 15,
    maxClients: 0,
    recommended: true,
  },
  {
    name: 'org-enterprise',
    audience: 'organization',
    displayName: 'Empresarial',
    price: '399.00',
    yearlyPrice: '3999.00',
    maxUsers: 50,
    maxClients: 0,
    recommended: false,
  },
  {
    name: 'ind-basic',
    audience: 'individual',
    displayName: 'Básico',
    price: '29.00',
    yearlyPrice: '299.00',
    maxUsers: 1,
    maxClients: 100,
    recommended: false,
  },
  {
    name: 'ind-premium',
    audience: 'individual',
    displayName: 'Premium',
    price: '59.00',
    yearlyPrice: '599.00',
    maxUsers: 1,
    maxClients: 0,
    recommended: true,
  },
  {
    name: 'ind-pro',
    audience: 'individual',
    displayName: 'Profissional',
    price: '99.00',
    yearlyPrice: '999.00',
    maxUsers: 1,
    maxClients: 0,
    recommended: false,
  },
];

export const YEARLY_DISCOUNT_LABEL = '-20%';

function toCents(decimal: string): number {
  const [int = '0', frac = ''] = decimal.split('.');
  return Number(int) * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
}

/** Savings shown on yearly plans: 12 × monthly − yearly, computed in cents, as a decimal string. */
export function yearlySavings(monthly: string, yearly: string): string {
  const cents = 12 * toCents(monthly) - toCents(yearly);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
