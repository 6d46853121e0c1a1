import { describe, expect, it } from 'vitest';
import {
  currentUserSchema,
  isAwaitingApproval,
  profileSchema,
  profileUpdateSchema,
  userCreateSchema,
  userSchema,
  userUpdateSchema,
} from './user';
import { userInitials } from './user-rules';

const ID = '0b3f2b59-9a54-4c1e-8e0b-3f5f2f1c9a10';
const NOW = '2026-11-22T19:07:00.000Z';

const row = {
  id: ID,
  organizationId: ID,
  email: 'ana@exemplo.pt',
  firstName: 'Ana',
  lastName: 'Silva',
  phone: null,
  bio: null,
  profileImageUrl: null,
  authProvider: 'local',
  role: 'agent',
  status: 'active',
  isSuperAdmin: false,
  lastLoginAt: null,
  createdAt: NOW,
  updatedAt: NOW,
};

describe('userSchema', () => {
  it('parses a row and never carries the password hash', () => {
    const parsed = userSchema.parse({ ...row, passwordHash: '$argon2id$secret' });
    expect(parsed).not.toHaveProperty('passwordHash');
    expect(parsed.role).toBe('agent');
  });

  it('allows a super admin without organization', () => {
    expect(userSchema.parse({ ...row, organizationId: null, role: 'super_admin' }).organizationId).toBeNull();
  });

  it('rejects unknown roles and statuses', () => {
    expect(userSchema.safeParse({ ...row, role: 'owner' }).success).toBe(false);
    expect(userSchema.safeParse({ ...row, status: 'deleted' }).success).toBe(false);
  });
});

describe('isAwaitingApproval', () => {
  it('is an inactive user who never logged in', () => {
    expect(isAwaitingApproval({ status: 'inactive', lastLoginAt: null })).toBe(true);
    expect(isAwaitingApproval({ status: 'inactive', lastLoginAt: NOW })).toBe(false);
    expect(isAwaitingApproval({ status: 'active', lastLoginAt: null })).toBe(false);
    expect(isAwaitingApproval({ status: 'suspended', lastLoginAt: null })).toBe(false);
  });
});

describe('currentUserSchema / profileSchema', () => {
  it('have the me and profile fields', () => {
    const me = currentUserSchema.parse({ ...row, organizationName: 'Casa' });
    expect(Object.keys(me).sort()).toEqual(
      [
        'email',
        'firstName',
        'id',
        'isSuperAdmin',
        'lastName',
        'organizationId',
        'organizationName',
        'profileImageUrl',
        'role',
        'status',
      ].sort(),
    );
    expect(profileSchema.parse(row)).not.toHaveProperty('isSuperAdmin');
  });
});

describe('userCreateSchema', () => {
  it('defaults role agent and status active', () => {
    const u = userCreateSchema.parse({ firstName: 'Rui', email: 'RUI@x.pt', password: 'Chave#2026' });
    expect(u).toMatchObject({ role: 'agent', status: 'active', email: 'rui@x.pt' });
  });

  it('requires a first name and a valid email', () => {
    const r = userCreateSchema.safeParse({ firstName: ' ', email: 'x' });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Nome é obrigatório', 'Email inválido']);
  });

  it('update is partial', () => {
    expect(userUpdateSchema.parse({ status: 'suspended' })).toEqual({ status: 'suspended' });
  });
});

describe('profileUpdateSchema', () => {
  it('turns blank optional fields into null', () => {
    expect(
      profileUpdateSchema.parse({ firstName: 'Ana', email: 'a@b.pt', lastName: '', phone: ' ', bio: '' }),
    ).toEqual({
      firstName: 'Ana',
      email: 'a@b.pt',
      lastName: null,
      phone: null,
      bio: null,
    });
  });

  it('uses the profile screen messages', () => {
    const r = profileUpdateSchema.safeParse({ firstName: '', email: 'nope' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['firstName', 'Nome é obrigatório'],
      ['email', 'Email inválido'],
    ]);
  });
});

describe('userInitials', () => {
  it('falls back from names to email to U', () => {
    expect(userInitials({ firstName: 'ana', lastName: 'silva' })).toBe('AS');
    expect(userInitials({ firstName: null, lastName: null, email: 'rui@x.pt' })).toBe('R');
    expect(userInitials({})).toBe('U');
  });
});
