import { describe, expect, it } from 'vitest';
import { permissionsOf } from './permissions';

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
