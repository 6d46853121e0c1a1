import { PLAN_CATALOG, yearlySavings, type BillingCycle, type PlanId } from '@casa/shared-schema/values';
import type { SignupType } from '@casa/shared-schema';

export type PlanCard = {
  id: PlanId;
  name: string;
  /** Price of the chosen cycle, as the catalogue's decimal string. */
  price: string;
  /** 12 × monthly − yearly (yearly cycle only). */
  savings: string | null;
  recommended: boolean;
  highlights: string[];
};

const HIGHLIGHTS: Record<PlanId, string[]> = {
  'org-starter': ['Até 5 agentes', 'Clientes, follow-ups e cold calls', 'Relatórios essenciais'],
  'org-professional': [
    'Até 15 agentes',
    'Campanhas de cold calls e maratona',
    'Relatórios e importação/exportação CSV',
  ],
  'org-enterprise': ['Até 50 agentes', 'Gestão avançada de equipas', 'Suporte prioritário'],
  'ind-basic': ['Até 100 clientes', 'Follow-ups e lembretes', 'Funciona sem internet'],
  'ind-premium': ['Clientes ilimitados', 'Cold calls e maratona', 'Pesquisa avançada e relatórios'],
  'ind-pro': ['Clientes ilimitados', 'Todas as funcionalidades Premium', 'Suporte prioritário'],
};

/** The three plans of one audience for the pricing section (docs/product.md#sign-up), in catalogue order. */
export function planCards(audience: SignupType, cycle: BillingCycle): PlanCard[] {
  return PLAN_CATALOG.filter((p) => p.audience === audience).map((p) => ({
    id: p.name,
    name: p.displayName,
    price: cycle === 'yearly' ? p.yearlyPrice : p.price,
    savings: cycle === 'yearly' ? yearlySavings(p.price, p.yearlyPrice) : null,
    recommended: p.recommended,
    highlights: HIGHLIGHTS[p.name],
  }));
}

/** The audience a plan id belongs to ('org-…' agencies, 'ind-…' individual agents). */
export function audienceOfPlan(planId: PlanId): SignupType {
  return planId.startsWith('org-') ? 'organization' : 'individual';
}
