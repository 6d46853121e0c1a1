import { can, type Role } from '@casa/shared-schema/values';

/** docs/product.md#shell: who may open a route. 'member' is every role except super_admin. */
export type Audience = 'member' | 'super' | 'signed-in';

/** `also`: other paths (and what lies below them) that show the same screen, e.g. /dashboard for '/'. */
export type NavItem = { to: string; label: string; also?: readonly string[] };

const MEMBER_HOME = ['/dashboard'];
const SUPER_HOME = ['/admin', '/saas-admin'];
const FOLLOW_UP_DETAIL = ['/followup/'];
const PROPERTY_DETAIL = ['/imoveis/'];

const MEMBER_SIDEBAR: NavItem[] = [
  { to: '/', label: 'Dashboard', also: MEMBER_HOME },
  { to: '/clients', label: 'Clientes' },
  { to: '/imoveis', label: 'Imóveis', also: PROPERTY_DETAIL },
  { to: '/followups', label: 'Follow-ups', also: FOLLOW_UP_DETAIL },
  { to: '/coldcalls', label: 'Cold Calls' },
  { to: '/search', label: 'Pesquisa' },
  { to: '/reports', label: 'Relatórios' },
];
const ADMIN_ENTRY: NavItem = { to: '/admin', label: 'Administração' };
const SUPER_SIDEBAR: NavItem[] = [
  { to: '/', label: 'Administração SaaS', also: SUPER_HOME },
  { to: '/settings', label: 'Configurações' },
];

const MEMBER_BOTTOM: NavItem[] = [
  { to: '/', label: 'Dashboard', also: MEMBER_HOME },
  { to: '/clients', label: 'Clientes' },
  // A sixth entry beside the five of docs/product.md#shell (docs/decisions.md): properties are daily work on the phone.
  { to: '/imoveis', label: 'Imóveis', also: PROPERTY_DETAIL },
  { to: '/followups', label: 'Follow-ups', also: FOLLOW_UP_DETAIL },
  { to: '/coldcalls', label: 'Calls' },
  { to: '/search', label: 'Pesquisa' },
];
const SUPER_BOTTOM: NavItem[] = [
  { to: '/', label: 'Admin', also: SUPER_HOME },
  { to: '/settings', label: 'Config' },
];

/** The SaaS administrator's screens instead of the organization's (shared-schema permissions.ts). */
export function isSuperAdmin(role: Role): boolean {
  return can(role, 'administerSaas');
}

/** Sidebar entries of a role; 'Administração' only for the organization admin. */
export function sidebarItems(role: Role): NavItem[] {
  if (isSuperAdmin(role)) return SUPER_SIDEBAR;
  return can(role, 'administerOrganization') ? [...MEMBER_SIDEBAR, ADMIN_ENTRY] : MEMBER_SIDEBAR;
}

/** Mobile bottom bar entries of a role. */
export function bottomBarItems(role: Role): NavItem[] {
  return isSuperAdmin(role) ? SUPER_BOTTOM : MEMBER_BOTTOM;
}

/** Active item: its route equals the path or, for non-root items, is a prefix of it (docs/product.md#shell). */
export function isActiveItem(itemTo: string, pathname: string): boolean {
  if (itemTo === pathname) return true;
  return itemTo !== '/' && pathname.startsWith(itemTo);
}

/**
 * The rule of docs/product.md#shell (the exact path, or a prefix for items other than `/`), plus the
 * item's other paths: the same screen under another address (/dashboard,
 * the SaaS panel at /admin and /saas-admin) or a page of its own (a follow-up's /followup/{id}).
 */
export function isActiveEntry(item: NavItem, pathname: string): boolean {
  return isActiveItem(item.to, pathname) || (item.also ?? []).some((path) => pathname.startsWith(path));
}

/** The first active item of a list (the bottom bar selects one). */
export function activeItem(items: readonly NavItem[], pathname: string): NavItem | undefined {
  return items.find((item) => isActiveEntry(item, pathname));
}

export function canOpen(audience: Audience, role: Role | null | undefined): boolean {
  if (!role) return false;
  if (audience === 'signed-in') return true;
  return audience === 'super' ? isSuperAdmin(role) : !isSuperAdmin(role);
}
