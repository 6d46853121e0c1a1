import { describe, expect, it } from 'vitest';
import {
  adminProfileFormSchema,
  agencySignupSchema,
  isCommonPassword,
  newPasswordSchema,
  organizationUserCreateSchema,
  organizationUserUpdateSchema,
  passwordPolicyBreaches,
  profilePasswordChangeSchema,
  registerFormSchema,
  registerSchema,
  saasUserCreateSchema,
  settingsPasswordChangeSchema,
  userCreateSchema,
  userProfileUpdateSchema,
  validationMessages as m,
} from '../index';

describe('the one password policy', () => {
  it('needs 8 characters, an uppercase, a lowercase and a digit, and refuses the common ones', () => {
    expect(passwordPolicyBreaches('123456')).toEqual(['min', 'uppercase', 'lowercase']);
    expect(passwordPolicyBreaches('Password1')).toEqual(['common']);
    expect(passwordPolicyBreaches('BENFICA1904'.toLowerCase().replace('b', 'B'))).toEqual(['common']);
    expect(passwordPolicyBreaches('Órfã#Casa9')).toEqual([]);
    expect(isCommonPassword('PASSW0RD1')).toBe(true);
    expect(newPasswordSchema().safeParse('Password123').error?.issues[0]?.message).toBe(m.passwordTooCommon);
  });

  it('puts every broken rule on the field itself (one path per issue, as the form resolver needs)', () => {
    const r = profilePasswordChangeSchema.safeParse({
      currentPassword: 'x',
      newPassword: '',
      confirmPassword: '',
    });
    const paths = r.error?.issues.map((i) => i.path.join('.'));
    expect(paths?.filter((p) => p === 'newPassword')).toHaveLength(4);
    expect(paths?.every((p) => ['newPassword', 'confirmPassword'].includes(p ?? ''))).toBe(true);
  });

  // Every form and route that sets a password: '123456' and a common password are refused by each.
  const weak = ['123456', 'Password1'];
  const cases: Array<[string, (password: string) => { success: boolean }]> = [
    ['register screen', (p) => registerSchema.safeParse({ email: 'a@b.pt', password: p, fullName: 'Ana' })],
    [
      'register form',
      (p) =>
        registerFormSchema.safeParse({ fullName: 'Ana', email: 'a@b.pt', password: p, confirmPassword: p }),
    ],
    [
      'sign-up step 1',
      (p) => registerSchema.safeParse({ email: 'a@b.pt', name: 'Ana', hashedPassword: p, role: 'admin' }),
    ],
    [
      'sign-up dialog',
      (p) =>
        agencySignupSchema.safeParse({
          organizationName: 'Casa Sol',
          adminName: 'Ana',
          adminEmail: 'a@b.pt',
          adminPhone: '912345678',
          numberOfAgents: '1-5',
          password: p,
        }),
    ],
    [
      'profile screen',
      (p) =>
        profilePasswordChangeSchema.safeParse({ currentPassword: 'x', newPassword: p, confirmPassword: p }),
    ],
    [
      'settings Segurança',
      (p) =>
        settingsPasswordChangeSchema.safeParse({ currentPassword: 'x', newPassword: p, confirmPassword: p }),
    ],
    [
      'PUT /api/user/profile',
      (p) => userProfileUpdateSchema.safeParse({ currentPassword: 'x', newPassword: p }),
    ],
    [
      'system settings Perfil Admin',
      (p) =>
        adminProfileFormSchema.safeParse({
          firstName: 'Ana',
          lastName: '',
          email: 'a@b.pt',
          currentPassword: 'x',
          newPassword: p,
          confirmPassword: p,
        }),
    ],
    ['user create', (p) => userCreateSchema.safeParse({ firstName: 'Ana', email: 'a@b.pt', password: p })],
    [
      'organization admin: new user',
      (p) => organizationUserCreateSchema.safeParse({ firstName: 'Ana', email: 'a@b.pt', password: p }),
    ],
    ['organization admin: reset', (p) => organizationUserUpdateSchema.safeParse({ password: p })],
    [
      'SaaS admin: new user',
      (p) =>
        saasUserCreateSchema.safeParse({
          firstName: 'Ana',
          email: 'a@b.pt',
          role: 'super_admin',
          password: p,
        }),
    ],
  ];

  it.each(cases)('%s refuses a weak password and takes a good one', (_name, parse) => {
    for (const password of weak) expect(parse(password).success).toBe(false);
    expect(parse('Casa#Sol2026').success).toBe(true);
  });
});
