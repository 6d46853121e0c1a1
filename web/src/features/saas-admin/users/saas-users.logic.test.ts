import { describe, expect, it } from 'vitest';
import type { User } from '@casa/shared-schema';
import { filterSaasUsers, isProtectedUser, NO_ORGANIZATION, saasUserName } from './saas-users.logic';

const ORG_A = '11111111-1111-4111-8111-111111111111';
const ORG_B = '22222222-2222-4222-8222-222222222222';

function user(over: Partial<User>): User {
  return {
    id: crypto.randomUUID(),
    organizationId: ORG_A,
    organizationName: 'Imobiliária Demo',
    email: 'x@demo.pt',
    firstName: null,
    lastName: null,
    phone: null,
    bio: null,
    profileImageUrl: null,
    authProvider: 'local',
    role: 'agent',
    status: 'active',
    isSuperAdmin: false,
    lastLoginAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...over,
  };
}

const joao = user({ firstName: 'João', lastName: 'Conceição', email: 'joao@demo.pt' });
const ana = user({
  firstName: 'Ana',
  role: 'admin',
  email: 'ana@outra.pt',
  organizationId: ORG_B,
  organizationName: 'Outra Casa',
});
const root = user({
  email: 'super@demo.pt',
  role: 'super_admin',
  isSuperAdmin: true,
  organizationId: null,
  organizationName: null,
});
const all = [joao, ana, root];
const none = { q: '', role: '', organizationId: '' } as const;

describe('filterSaasUsers', () => {
  it('matches name, email and organization without accents or case', () => {
    expect(filterSaasUsers(all, { ...none, q: 'CONCEICAO' })).toEqual([joao]);
    expect(filterSaasUsers(all, { ...none, q: 'outra.pt' })).toEqual([ana]);
    expect(filterSaasUsers(all, { ...none, q: 'outra casa' })).toEqual([ana]);
    expect(filterSaasUsers(all, { ...none, q: 'joão demo' })).toEqual([joao]);
    expect(filterSaasUsers(all, { ...none, q: '  ' })).toEqual(all);
  });

  it('filters by role and by organization, including users without one', () => {
    expect(filterSaasUsers(all, { ...none, role: 'admin' })).toEqual([ana]);
    expect(filterSaasUsers(all, { ...none, organizationId: ORG_A })).toEqual([joao]);
    expect(filterSaasUsers(all, { ...none, organizationId: NO_ORGANIZATION })).toEqual([root]);
    expect(filterSaasUsers(all, { q: 'ana', role: 'admin', organizationId: ORG_A })).toEqual([]);
  });
});

describe('saasUserName / isProtectedUser', () => {
  it('joins the names or falls back to the email', () => {
    expect(saasUserName(joao)).toBe('João Conceição');
    expect(saasUserName(ana)).toBe('Ana');
    expect(saasUserName(root)).toBe('super@demo.pt');
  });

  it('protects the super admin flag and role only', () => {
    expect(isProtectedUser(root)).toBe(true);
    expect(isProtectedUser(user({ isSuperAdmin: true, role: 'admin' }))).toBe(true);
    expect(isProtectedUser(ana)).toBe(false);
  });
});
