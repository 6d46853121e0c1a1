import { describe, expect, it } from 'vitest';
import type { User } from '@casa/shared-schema';
import { saasUserDefaults, saasUserResolver, type SaasUserFields } from './saas-user-form';

const ORG = '11111111-1111-4111-8111-111111111111';
const existing: User = {
  id: '33333333-3333-4333-8333-333333333333',
  organizationId: ORG,
  organizationName: 'Imobiliária Demo',
  email: 'rui@demo.pt',
  firstName: 'Rui',
  lastName: 'Costa',
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
};
const filled: SaasUserFields = {
  ...saasUserDefaults(null),
  firstName: 'Marta',
  lastName: '',
  email: 'Marta@Demo.pt',
  organizationId: ORG,
  password: 'Segredo#1x',
};

describe('saasUserResolver', () => {
  it('creates with the shared schema: trimmed email, blank last name as null', () => {
    const result = saasUserResolver(null)(filled);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      mode: 'create',
      input: expect.objectContaining({
        firstName: 'Marta',
        lastName: null,
        email: 'marta@demo.pt',
        role: 'agent',
        status: 'active',
        organizationId: ORG,
        password: 'Segredo#1x',
      }),
    });
  });

  it('needs a name, a valid email, a password and an organization unless super admin', () => {
    const result = saasUserResolver(null)({
      ...filled,
      firstName: ' ',
      email: 'x',
      password: '',
      organizationId: '',
    });
    expect(Object.keys(result.errors).sort()).toEqual(['email', 'firstName', 'organizationId', 'password']);
    expect(result.errors.organizationId?.message).toBe('Selecione a organização');
    expect(result.errors.password?.message).toBe('A palavra-passe é obrigatória');
    const superAdmin = saasUserResolver(null)({ ...filled, role: 'super_admin', organizationId: ORG });
    expect(superAdmin.errors).toEqual({});
    expect(superAdmin.values).toMatchObject({ input: { role: 'super_admin' } });
    expect(
      (superAdmin.values as { input: { organizationId?: string } }).input.organizationId,
    ).toBeUndefined();
  });

  it('edits without the email and keeps the password when left blank', () => {
    const result = saasUserResolver(existing)({ ...saasUserDefaults(existing), email: 'outro@demo.pt' });
    expect(result.errors).toEqual({});
    const payload = result.values as { mode: string; input: Record<string, unknown> };
    expect(payload.mode).toBe('edit');
    expect(payload.input).not.toHaveProperty('email');
    expect(payload.input.password).toBeUndefined();
    expect(
      saasUserResolver(existing)({ ...saasUserDefaults(existing), password: '123' }).errors.password,
    ).toBeDefined();
  });

  it("never sends a protected super admin's role or status", () => {
    const root = { ...existing, organizationId: null, role: 'super_admin' as const, isSuperAdmin: true };
    const result = saasUserResolver(root)({ ...saasUserDefaults(root), firstName: 'Super' });
    const input = (result.values as { input: Record<string, unknown> }).input;
    expect(input.role).toBeUndefined();
    expect(input.status).toBeUndefined();
    expect(input.firstName).toBe('Super');
  });
});
