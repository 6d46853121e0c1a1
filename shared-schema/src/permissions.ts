import type { Role } from './enums';

/** docs/product.md#roles: what a role may do in the screens (the server answers 403 all the same). */
export type Permissions = {
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** admin and super_admin: e.g. the agent name on client cards. */
  isAdmin: boolean;
};

export function permissionsOf(role: Role | string | null | undefined): Permissions {
  const writer = role === 'super_admin' || role === 'admin' || role === 'agent';
  return {
    canCreate: writer,
    canEdit: writer,
    canDelete: writer,
    isAdmin: role === 'admin' || role === 'super_admin',
  };
}
