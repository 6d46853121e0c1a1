// The account enumerations as plain data (no zod: the web app's start imports them; issue 19,
// docs/decisions.md). accounts.ts builds the zod enums from these lists.
// Accounts (docs/product.md#roles)
export const ROLES = ['super_admin', 'admin', 'agent', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
export const ORGANIZATION_ROLES = ['admin', 'agent', 'viewer'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = {
  super_admin: 'Super Admin',
  admin: 'Admin',
  agent: 'Agente',
  viewer: 'Visualizador',
};
export const ROLE_LABELS_SETTINGS: Record<Role, string> = {
  super_admin: 'Administrador',
  admin: 'Administrador',
  agent: 'Agente',
  viewer: 'Visualizador',
};
/** Profile screens treat any unknown role as viewer (docs/product.md#accounts). */
export function roleLabel(role: unknown, labels: Record<Role, string> = ROLE_LABELS): string {
  return (ROLES as readonly unknown[]).includes(role) ? labels[role as Role] : labels.viewer;
}

export const USER_STATUSES = ['active', 'inactive', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Ativo',
  inactive: 'Inativo',
  suspended: 'Suspenso',
};

export const ORGANIZATION_STATUSES = ['active', 'suspended', 'trial', 'cancelled'] as const;
export type OrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];
export const ORGANIZATION_STATUS_LABELS: Record<OrganizationStatus, string> = {
  active: 'Ativa',
  suspended: 'Suspensa',
  trial: 'Em teste',
  cancelled: 'Cancelada',
};

export const ORGANIZATION_PLANS = ['starter', 'professional', 'enterprise'] as const;
export type OrganizationPlan = (typeof ORGANIZATION_PLANS)[number];
export const ORGANIZATION_PLAN_LABELS: Record<OrganizationPlan, string> = {
  starter: 'Iniciante',
  professional: 'Profissional',
  enterprise: 'Empresarial',
};
const PLAN_ALIASES: Record<string, OrganizationPlan> = {
  starter: 'starter',
  professional: 'professional',
  enterprise: 'enterprise',
  basic: 'starter',
  pro: 'professional',
  premium: 'enterprise',
};
/** Maps the legacy aliases basic/pro/premium to starter/professional/enterprise. */
export function normalizeOrganizationPlan(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return PLAN_ALIASES[value.trim().toLowerCase()] ?? value;
}

export const ORGANIZATION_PLAN_IDS = ['org-starter', 'org-professional', 'org-enterprise'] as const;
export const INDIVIDUAL_PLAN_IDS = ['ind-basic', 'ind-premium', 'ind-pro'] as const;
export const PLAN_IDS = [...ORGANIZATION_PLAN_IDS, ...INDIVIDUAL_PLAN_IDS] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
export const BILLING_CYCLE_LABELS: Record<BillingCycle, string> = { monthly: 'Mensal', yearly: 'Anual' };

export const PACKAGE_AUDIENCES = ['organization', 'individual'] as const;
export type PackageAudience = (typeof PACKAGE_AUDIENCES)[number];
/** Who a package is for, as the SaaS screens name it (the landing page says 'Agências' / 'Agentes Individuais'). */
export const PACKAGE_AUDIENCE_LABELS: Record<PackageAudience, string> = {
  organization: 'Agência',
  individual: 'Individual',
};

// Notifications (docs/product.md#notifications)
export const NOTIFICATION_TYPES = [
  'follow_up',
  'birthday',
  'overdue_task',
  'new_client',
  'cold_call',
  'system',
  'property_match',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  follow_up: 'Follow-up',
  birthday: 'Aniversário',
  overdue_task: 'Tarefa Atrasada',
  new_client: 'Novo Cliente',
  cold_call: 'Cold Call',
  system: 'Sistema',
  property_match: 'Imóvel Compatível',
};
