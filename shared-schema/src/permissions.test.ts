import { describe, expect, it } from 'vitest';
import { ROLES } from './enums';
import { ACTIONS, can, permissionsOf } from './permissions';

describe('can (role × action)', () => {
  it('grants each role exactly its actions', () => {
    const table = Object.fromEntries(ROLES.map((role) => [role, ACTIONS.filter((a) => can(role, a))]));
    expect(table).toEqual({
      super_admin: ['write', 'administerSaas'],
      admin: ['write', 'administerOrganization'],
      agent: ['write'],
      viewer: [],
    });
  });

  it('reads the super-admin flag over the role, and refuses unknown or absent roles', () => {
    expect(can({ role: 'viewer', isSuperAdmin: true }, 'administerSaas')).toBe(true);
    expect(can({ role: 'admin', isSuperAdmin: false }, 'administerSaas')).toBe(false);
    expect(can({ role: 'agent' }, 'write')).toBe(true);
    for (const role of [undefined, null, '', 'owner', 'toString', '__proto__']) {
      expect(ACTIONS.some((a) => can(role, a))).toBe(false);
    }
  });
});

describe('permissionsOf', () => {
  it('lets admins and agents write, viewers only look, and marks admins', () => {
    expect(permissionsOf('agent')).toEqual({
      canCreate: true,
      canEdit: true,
      canDelete: true,
      isAdmin: false,
    });
    expect(permissionsOf('admin')).toEqual({
      canCreate: true,
      canEdit: true,
      canDelete: true,
      isAdmin: true,
    });
    expect(permissionsOf('super_admin').isAdmin).toBe(true);
    expect(permissionsOf('viewer')).toEqual({
      canCreate: false,
      canEdit: false,
      canDelete: false,
      isAdmin: false,
    });
    expect(permissionsOf(undefined).canCreate).toBe(false);
  });
});
