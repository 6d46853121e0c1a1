/** pt-PT texts of the SaaS admin panel (docs/product.md#saas-admin). */
export const saasTexts = {
  title: 'Administração SaaS',
  subtitle: 'Gestão de packages, organizações e utilizadores da plataforma',
  tabs: {
    overview: 'Visão Geral',
    packages: 'Packages',
    organizations: 'Organizações',
    users: 'Utilizadores',
    system: 'Sistema',
  },
  loadFailed: 'Erro ao carregar dados da administração',
  billingTitle: 'Faturação',
  billingInDevelopment: 'A área de faturação está em desenvolvimento.',
} as const;
