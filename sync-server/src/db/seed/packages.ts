import type { PlanId } from '@casa/shared-schema';

export type PackageSeed = {
  name: PlanId;
  displayName: string;
  description: string;
  audience: 'organization' | 'individual';
  price: string;
  yearlyPrice: string;
  maxUsers: number;
  maxClients: number;
  features: string[];
  limitations: Record<string, unknown>;
  sortOrder: number;
};

/** The SaaS catalogue of docs/product.md#saas-admin: three agency plans and three plans for individual agents. */
export const SAAS_PACKAGES: readonly PackageSeed[] = [
  {
    name: 'org-starter',
    displayName: 'Iniciante',
    description: 'Para pequenas agências que estão a começar a organizar a sua carteira de clientes.',
    audience: 'organization',
    price: '99.00',
    yearlyPrice: '999.00',
    maxUsers: 5,
    maxClients: 500,
    features: [
      'Até 5 agentes',
      'Até 500 clientes',
      'Gestão de clientes e follow-ups',
      'Cold calls e campanhas',
      'Suporte por email',
    ],
    limitations: { reports: 'basic' },
    sortOrder: 1,
  },
  {
    name: 'org-professional',
    displayName: 'Profissional',
    description: 'Para agências em crescimento que precisam de relatórios e trabalho em equipa.',
    audience: 'organization',
    price: '199.00',
    yearlyPrice: '1999.00',
    maxUsers: 15,
    maxClients: 5000,
    features: [
      'Até 15 agentes',
      'Até 5.000 clientes',
      'Relatórios avançados',
      'Campanhas de cold calls',
      'Importação e exportação CSV',
      'Suporte prioritário',
    ],
    limitations: { recommended: true },
    sortOrder: 2,
  },
  {
    name: 'org-enterprise',
    displayName: 'Empresarial',
    description: 'Para redes de agências com várias equipas e grandes volumes de clientes.',
    audience: 'organization',
    price: '399.00',
    yearlyPrice: '3999.00',
    maxUsers: 50,
    maxClients: 0,
    features: [
      'Até 50 agentes',
      'Clientes ilimitados',
      'Relatórios avançados',
      'Registo personalizado de utilizadores',
      'Gestor de conta dedicado',
      'Suporte telefónico',
    ],
    limitations: {},
    sortOrder: 3,
  },
  {
    name: 'ind-basic',
    displayName: 'Básico',
    description: 'Para o agente independente que está a dar os primeiros passos.',
    audience: 'individual',
    price: '29.00',
    yearlyPrice: '299.00',
    maxUsers: 1,
    maxClients: 100,
    features: ['1 utilizador', 'Até 100 clientes', 'Follow-ups e aniversários', 'Aplicação offline'],
    limitations: { campaigns: false },
    sortOrder: 4,
  },
  {
    name: 'ind-premium',
    displayName: 'Premium',
    description: 'Para o agente independente com uma carteira ativa e em crescimento.',
    audience: 'individual',
    price: '59.00',
    yearlyPrice: '599.00',
    maxUsers: 1,
    maxClients: 0,
    features: [
      '1 utilizador',
      'Clientes ilimitados',
      'Cold calls e campanhas',
      'Relatórios',
      'Aplicação offline',
    ],
    limitations: { recommended: true },
    sortOrder: 5,
  },
  {
    name: 'ind-pro',
    displayName: 'Profissional',
    description: 'Para o agente de topo que quer todas as ferramentas e apoio prioritário.',
    audience: 'individual',
    price: '99.00',
    yearlyPrice: '999.00',
    maxUsers: 1,
    maxClients: 0,
    features: [
      '1 utilizador',
      'Clientes ilimitados',
      'Relatórios avançados',
      'Importação e exportação CSV',
      'Suporte prioritário',
    ],
    limitations: {},
    sortOrder: 6,
  },
];
