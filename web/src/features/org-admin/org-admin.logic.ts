import {
  formatDaysAgo,
  formatCount,
  isAwaitingApproval,
  organizationLimit,
  ORGANIZATION_PLAN_LABELS,
  ORGANIZATION_STATUS_LABELS,
  ROLE_LABELS_SETTINGS,
  roleLabel,
  TABLE_FALLBACK_MAX_CLIENTS,
  TABLE_FALLBACK_MAX_USERS,
  USER_STATUS_LABELS,
  type OrganizationPlan,
  type OrganizationStatus,
  type User,
  type UserStatus,
} from '@casa/shared-schema';
import { ApiError } from '../../lib/api';
import { orgAdminTexts as t } from './org-admin.texts';

/** A limit as the screen uses it: null means unlimited (the server treats 0 as no limit). */
export type Limit = number | null;

export const userLimit = (maxUsers: unknown) => organizationLimit(maxUsers, TABLE_FALLBACK_MAX_USERS);
export const clientLimit = (maxClients: unknown) => organizationLimit(maxClients, TABLE_FALLBACK_MAX_CLIENTS);

export function limitText(limit: Limit): string {
  return limit === null ? t.organization.unlimited : formatCount(limit);
}

/** 'de 5' under a stat card's figure, nothing when unlimited. */
export function ofLimitText(limit: Limit): string | null {
  return limit === null ? null : t.stats.of(formatCount(limit));
}

/** 'N de M utilizadores' (or 'N utilizadores' without a limit). */
export function usersOfLimitText(count: number, limit: Limit): string {
  const noun = count === 1 && limit === null ? 'utilizador' : 'utilizadores';
  return limit === null
    ? `${formatCount(count)} ${noun}`
    : `${formatCount(count)} de ${formatCount(limit)} utilizadores`;
}

export function atUserLimit(count: number, limit: Limit): boolean {
  return limit !== null && count >= limit;
}

/** Last login in the docs/product.md#organization-admin wording (Hoje, Ontem, Há N dias/semanas/meses); 'Nunca' when never. */
export function lastLoginText(lastLoginAt: string | null | undefined, now: Date = new Date()): string {
  if (!lastLoginAt) return t.users.never;
  return formatDaysAgo(lastLoginAt, now) || t.users.never;
}

export function userDisplayName(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || user.email;
}

export const userRoleLabel = (role: unknown) => roleLabel(role, ROLE_LABELS_SETTINGS);

export function userStatusLabel(status: string): string {
  return USER_STATUS_LABELS[status as UserStatus] ?? status;
}

/** The table's status: 'Aguarda aprovação' for a sign-up waiting to be activated, else the status label. */
export function userStatusText(user: Pick<User, 'status' | 'lastLoginAt'>): string {
  return isAwaitingApproval(user) ? t.users.awaitingApproval : userStatusLabel(user.status);
}

export function planLabel(plan: string, packageDisplayName: string | null | undefined): string {
  return packageDisplayName?.trim() || ORGANIZATION_PLAN_LABELS[plan as OrganizationPlan] || plan;
}

export function organizationStatusLabel(status: string): string {
  return ORGANIZATION_STATUS_LABELS[status as OrganizationStatus] ?? status;
}

/** The admin never suspends or removes their own account from here (the server refuses removing it too). */
export const isSelf = (user: Pick<User, 'id'>, meId: string) => user.id === meId;

/** A failed call that means "no network" rather than an answer from the server. */
export function isOfflineError(error: unknown, online: boolean = navigator.onLine): boolean {
  if (!online) return true;
  return !(error instanceof ApiError) && error instanceof TypeError;
}

/** The title/description pair of an error toast: the action's fixed title with the server's message. */
export function errorToast(title: string, error: unknown, online?: boolean) {
  let description: string = t.toasts.unknown;
  if (error instanceof ApiError && error.message) description = error.message;
  else if (isOfflineError(error, online)) description = t.offlineText;
  return { title, description, variant: 'destructive' as const };
}
