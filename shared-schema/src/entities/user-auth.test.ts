import { describe, expect, it } from 'vitest';
import {
  loginSchema,
  passwordStrength,
  profilePasswordChangeSchema,
  registerFormSchema,
  registerSchema,
  settingsPasswordChangeSchema,
  userProfileUpdateSchema,
} from './user-auth';

const messages = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('loginSchema', () => {
  it('needs both fields', () => {
    expect(messages(loginSchema.safeParse({ email: '', password: '' }))).toEqual([
      ['email', 'Por favor, preencha todos os campos'],
      ['password', 'Por favor, preencha todos os campos'],
    ]);
    expect(loginSchema.parse({ email: ' Ana@X.pt ', password: 'x' })).toEqual({
      email: 'ana@x.pt',
      password: 'x',
    });
  });
});

describe('registerSchema', () => {
  it('accepts the register screen payload (the password policy)', () => {
    const r = registerSchema.parse({
      email: 'A@b.pt',
      password: 'Chave#2026',
      fullName: 'Ana Silva',
      organizationName: 'Casa',
    });
    expect(r).toEqual({
      email: 'a@b.pt',
      password: 'Chave#2026',
      fullName: 'Ana Silva',
      organizationName: 'Casa',
      source: 'register',
    });
    expect(
      messages(registerSchema.safeParse({ email: 'a@b.pt', password: 'Chave#1', fullName: 'Ana' })),
    ).toEqual([['password', 'A palavra-passe deve ter pelo menos 8 caracteres']]);
  });

  it('fills a blank organization name from the full name', () => {
    const r = registerSchema.parse({
      email: 'a@b.pt',
      password: 'Chave#2026',
      fullName: 'Ana',
      organizationName: '',
    });
    expect(r.organizationName).toBe('Ana - Organização');
  });

  it('accepts the sign-up step payload (the same password policy)', () => {
    const r = registerSchema.parse({
      email: 'a@b.pt',
      name: 'Ana',
      hashedPassword: 'Chave#2026',
      role: 'admin',
    });
    expect(r).toEqual({
      email: 'a@b.pt',
      password: 'Chave#2026',
      fullName: 'Ana',
      organizationName: null,
      source: 'signup',
    });
    expect(
      messages(registerSchema.safeParse({ email: 'a@b.pt', name: 'Ana', hashedPassword: 'Chave#1' })),
    ).toEqual([['password', 'A palavra-passe deve ter pelo menos 8 caracteres']]);
  });

  it('reports missing fields with the register message', () => {
    const r = registerSchema.safeParse({ email: '', password: '', fullName: '' });
    expect(new Set(r.error?.issues.map((i) => i.message))).toEqual(
      new Set(['Por favor, preencha todos os campos obrigatórios']),
    );
  });
});

describe('registerFormSchema', () => {
  it('checks the confirmation', () => {
    const r = registerFormSchema.safeParse({
      fullName: 'Ana',
      email: 'a@b.pt',
      password: 'Chave#2026',
      confirmPassword: 'x',
    });
    expect(messages(r)).toEqual([['confirmPassword', 'As palavras-passe não coincidem']]);
  });
});

describe('profilePasswordChangeSchema', () => {
  it('uses the profile screen rules', () => {
    expect(
      messages(
        profilePasswordChangeSchema.safeParse({
          currentPassword: '',
          newPassword: 'Chave#1',
          confirmPassword: '',
        }),
      ),
    ).toEqual([
      ['currentPassword', 'Senha atual é obrigatória'],
      ['newPassword', 'A palavra-passe deve ter pelo menos 8 caracteres'],
      ['confirmPassword', 'Confirme a nova senha'],
    ]);
    expect(
      messages(
        profilePasswordChangeSchema.safeParse({
          currentPassword: 'a',
          newPassword: 'Chave#2026',
          confirmPassword: 'Chave#2027',
        }),
      ),
    ).toEqual([['confirmPassword', 'As senhas não coincidem']]);
    expect(
      profilePasswordChangeSchema.safeParse({
        currentPassword: 'a',
        newPassword: 'Chave#2026',
        confirmPassword: 'Chave#2026',
      }).success,
    ).toBe(true);
  });
});

describe('settingsPasswordChangeSchema', () => {
  it('gives one message per missing rule', () => {
    const r = settingsPasswordChangeSchema.safeParse({
      currentPassword: 'x',
      newPassword: 'abc',
      confirmPassword: 'abc',
    });
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'A nova senha deve ter pelo menos 8 caracteres.',
      'A nova senha deve conter pelo menos uma letra maiúscula.',
      'A nova senha deve conter pelo menos um número.',
    ]);
  });

  it('checks the confirmation with the settings wording', () => {
    const r = settingsPasswordChangeSchema.safeParse({
      currentPassword: 'x',
      newPassword: 'Abcdefx1',
      confirmPassword: 'Abcdefx2',
    });
    expect(messages(r)).toEqual([['confirmPassword', 'As senhas não coincidem.']]);
  });
});

describe('userProfileUpdateSchema', () => {
  it('lets profile fields through without a password', () => {
    expect(userProfileUpdateSchema.parse({ firstName: 'Ana', newPassword: '' })).toEqual({
      firstName: 'Ana',
    });
  });

  it('needs the current password, 8 characters and a matching confirmation', () => {
    expect(
      messages(userProfileUpdateSchema.safeParse({ newPassword: 'Ab1', confirmPassword: 'Ab2' })),
    ).toEqual([
      ['currentPassword', 'Password atual é obrigatória para alterar password'],
      ['newPassword', 'Password deve ter pelo menos 8 caracteres'],
      ['confirmPassword', 'As passwords não coincidem'],
    ]);
    expect(
      userProfileUpdateSchema.safeParse({ currentPassword: 'old', newPassword: 'Abcdefg9' }).success,
    ).toBe(true);
  });
});

describe('passwordStrength', () => {
  it.each([
    ['', 0, 'Muito Fraca'],
    ['a', 1, 'Muito Fraca'],
    ['aA', 2, 'Fraca'],
    ['aA1', 3, 'Razoável'],
    ['aA1!', 4, 'Boa'],
    ['abcdefA1', 4, 'Boa'],
    ['abcdefA1!', 5, 'Forte'],
    ['abcdefghA1!x', 6, 'Muito Forte'],
  ])('%j → %i %s', (pw, score, label) => {
    expect(passwordStrength(pw)).toEqual({ score, label });
  });
});
