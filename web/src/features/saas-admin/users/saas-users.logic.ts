import type { Role, User } from '@casa/shared-schema';
import { normalizeForSearch } from '@casa/shared-schema/values';

/** 'Ana Silva', else the email when the user has no name. */
export function saasUserName(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || user.email;
}

/** docs/product.md#saas-admin: a user with the super admin flag (or role) is 'Protegido': no suspend, no delete. */
export const isProtectedUser = (user: Pick<User, 'isSuperAdmin' | 'role'>) =>
  user.isSuperAdmin || user.role === 'super_admin';

/** '' means every organization; NO_ORGANIZATION the users without one (super admins). */
export const NO_ORGANIZATION = 'none';

export type SaasUserFilters = { q: string; role: Role | ''; organizationId: string };

/** Text (name, email, organization; accent- and case-insensitive), role and organization filters. */
export function filterSaasUsers(users: readonly User[], filters: SaasUserFilters): User[] {
  const words = normalizeForSearch(filters.q).split(/\s+/).filter(Boolean);
  return users.filter((u) => {
    if (filters.role && u.role !== filters.role) return false;
    const org = filters.organizationId;
    if (org === NO_ORGANIZATION ? u.organizationId !== null : org && u.organizationId !== org) return false;
    if (words.length === 0) return true;
    const haystack = normalizeForSearch(`${saasUserName(u)} ${u.email} ${u.organizationName ?? ''}`);
    return words.every((w) => haystack.includes(w));
  });
}
