import { describe, expect, it } from 'vitest';
import {
  organizationCreateSchema,
  organizationSchema,
  organizationSignupCreateSchema,
  organizationUpdateSchema,
  storageMb,
} from './organization';

const ID = '0b3f2b59-9a54-4c1e-8e0b-3f5f2f1c9a10';
const NOW = '2026-11-22T19:07:00.000Z';

describe('organizationSchema', () => {
  it('normalises plan aliases on rows', () => {
    const org = organizationSchema.parse({
      id: ID,
      name: 'Casa',
      email: null,
      packageId: null,
      plan: 'pro',
      status: 'trial',
      maxUsers: 5,
      maxClients: 500,
      settings: {},
      isProtected: false,
      trialEndsAt: NOW,
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect(org.plan).toBe('professional');
  });
});

describe('organizationCreateSchema', () => {
  it('needs name and email with one message', () => {
    const r = organizationCreateSchema.safeParse({ name: '', email: '' });
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'Nome e email são obrigatórios',
      'Nome e email são obrigatórios',
    ]);
  });

  it('applies the defaults and falls back from invalid limits', () => {
    expect(
      organizationCreateSchema.parse({
        name: 'Casa',
        email: 'GERAL@casa.pt',
        maxUsers: 'abc',
        maxClients: -3,
      }),
    ).toEqual({
      name: 'Casa',
      email: 'geral@casa.pt',
      plan: 'starter',
      status: 'active',
      maxUsers: 5,
      maxClients: 500,
      settings: {},
    });
    expect(
      organizationCreateSchema.parse({ name: 'Casa', email: 'a@b.pt', maxUsers: '12', plan: 'basic' }),
    ).toMatchObject({
      maxUsers: 12,
      plan: 'starter',
    });
  });

  it('update keeps absent fields absent', () => {
    expect(organizationUpdateSchema.parse({ status: 'suspended' })).toEqual({ status: 'suspended' });
    expect(organizationUpdateSchema.safeParse({ maxUsers: 1.5 }).success).toBe(false);
  });
});

describe('sign-up organization', () => {
  it('needs two characters', () => {
    expect(organizationSignupCreateSchema.safeParse({ name: 'A' }).error?.issues[0]?.message).toBe(
      'Nome da organização deve ter pelo menos 2 caracteres',
    );
  });
});

describe('storageMb', () => {
  it('shows one decimal', () => {
    expect(storageMb(1536 * 1024)).toBe('1,5');
    expect(storageMb(Number.NaN)).toBe('0,0');
  });
});
