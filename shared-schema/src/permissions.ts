import { ROLES, type Role } from './enums/accounts-values';

/**
 * THE permission rule (role × action), read by the server (http/auth.ts and the domains' checks), the
 * device's mutation effects (their `canWrite`) and the screens' buttons (`permissionsOf`). Whoever may not
 * do something gets 403 `errorMessages.forbidden` from the server, a refused mutation on the device, and
 * no button on the screen.
 */
export const ACTIONS = [
  /** Create, edit and delete the organization's CRM rows (clients, follow-ups, campaigns…); viewers only look. */
  'write',
  /** The organization's own administration: members, registration settings, statistics. */
  'administerOrganization',
  /** The SaaS administration: organizations, packages, users of every organization, the system. */
  'administerSaas',
] as const;
export type Action = (typeof ACTIONS)[number];

const GRANTS: Record<Role, readonly Action[]> = {
  super_admin: ['write', 'administerSaas'],
  admin: ['write', 'administerOrganization'],
  agent: ['write'],
  viewer: [],
};

/**
 * Who asks: a role, or a session/auth with its role and the super-admin flag (a flagged user is a super
 * admin whatever the role column says, as the server's auth and the user views read it).
 */
export type Actor =
  | Role
  | string
  | null
  | undefined
  | { role: Role | string | null | undefined; isSuperAdmin?: boolean | null };

function roleOf(actor: Actor): Role | null {
  const role =
    typeof actor === 'object' && actor !== null ? (actor.isSuperAdmin ? 'super_admin' : actor.role) : actor;
  return (ROLES as readonly unknown[]).includes(role) ? (role as Role) : null;
}

/** May `actor` do `action`? Unknown or absent roles may do nothing. */
export function can(actor: Actor, action: Action): boolean {
  const role = roleOf(actor);
  return role !== null && GRANTS[role].includes(action);
}

/** What a role may do in the screens (the server answers 403 all the same). */
export type Permissions = {
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** Administers the organization or the SaaS: e.g. the agent name on client cards. */
  isAdmin: boolean;
};

export function permissionsOf(actor: Actor): Permissions {
  const writer = can(actor, 'write');
  return {
    canCreate: writer,
    canEdit: writer,
    canDelete: writer,
    isAdmin: can(actor, 'administerOrganization') || can(actor, 'administerSaas'),
  };
}
