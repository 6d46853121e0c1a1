import { describe, expect, it } from 'vitest';
import type { User } from '@casa/shared-schema';
import {
  emptyUserForm,
  formToCreate,
  formToUpdate,
  statusOptions,
  userFormSchema,
  userToForm,
} from './user-form.logic';

const user: User = {
  id: '7d7b1c1e-6b7a-4e8a-9a51-0d7f2b0c9a11',
  organizationId: '8e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
  email: 'ana@teste.pt',
  firstName: 'Ana',
  lastName: null,
  phone: null,
  bio: null,
  profileImageUrl: null,
  authProvider: 'local',
  role: 'viewer',
  status: 'suspended',
  isSuperAdmin: false,
  lastLoginAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

describe('user form', () => {
  it('starts a new user as an active agent', () => {
    expect(emptyUserForm()).toMatchObject({ role: 'agent', status: 'active', password: '' });
  });

  it('requires a first name, a valid email and a password under the policy when creating', () => {
    const result = userFormSchema('create').safeParse({ ...emptyUserForm(), email: 'nope', password: '123' });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((i) => i.path[0]);
    expect(fields).toEqual(expect.arrayContaining(['firstName', 'email', 'password']));
    const pw = result.error?.issues.find((i) => i.path[0] === 'password');
    expect(pw?.message).toBe('A palavra-passe deve ter pelo menos 8 caracteres');
  });

  it('sends blank optional texts as null on create', () => {
    const body = formToCreate({
      ...emptyUserForm(),
      firstName: ' Rui ',
      email: ' rui@teste.pt ',
      password: 'Abcdef#12',
    });
    expect(body).toMatchObject({
      firstName: 'Rui',
      lastName: null,
      phone: null,
      email: 'rui@teste.pt',
      role: 'agent',
    });
  });

  it('never sends the email or a password when editing, and needs no password', () => {
    const form = userToForm(user);
    expect(form).toMatchObject({ email: 'ana@teste.pt', role: 'viewer', status: 'suspended', password: '' });
    expect(userFormSchema('edit').safeParse(form).success).toBe(true);
    const patch = formToUpdate({ ...form, email: 'outro@teste.pt', password: 'ignored1' });
    expect(patch).not.toHaveProperty('email');
    expect(patch.password).toBeUndefined();
    expect(patch).toMatchObject({ firstName: 'Ana', role: 'viewer', status: 'suspended' });
  });

  it('keeps a sign-up awaiting approval inactive when only its details are edited', () => {
    const form = userToForm({ ...user, status: 'inactive' });
    expect(form.status).toBe('inactive');
    expect(statusOptions(form.status)).toEqual(['inactive', 'active', 'suspended']);
    expect(statusOptions('active')).toEqual(['active', 'suspended']);
    expect(formToUpdate({ ...form, firstName: 'Ana Maria' })).toMatchObject({ status: 'inactive' });
  });
});
