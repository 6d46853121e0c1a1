import { describe, expect, it } from 'vitest';
import { agencySignupSchema, individualSignupSchema, signupSchema, signupSteps } from './signup';

describe('agencySignupSchema', () => {
  it('words every rule with its message', () => {
    const r = agencySignupSchema.safeParse({
      organizationName: 'A',
      adminName: 'B',
      adminEmail: 'x',
      adminPhone: '123',
      numberOfAgents: '',
      password: 'Ab1',
    });
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'Nome da organização deve ter pelo menos 2 caracteres',
      'Nome deve ter pelo menos 2 caracteres',
      'Email inválido',
      'Telefone deve ter pelo menos 9 caracteres',
      'Selecione o número de agentes',
      'A palavra-passe deve ter pelo menos 8 caracteres',
    ]);
  });

  it('accepts a valid agency with monthly billing by default', () => {
    const a = agencySignupSchema.parse({
      organizationName: 'Casa Lda',
      adminName: 'Ana',
      adminEmail: 'Ana@Casa.pt',
      adminPhone: '912345678',
      numberOfAgents: '6-10',
      password: 'Chave#2026',
    });
    expect(a).toMatchObject({ adminEmail: 'ana@casa.pt', billingCycle: 'monthly' });
  });
});

describe('individualSignupSchema', () => {
  it('needs a licence of five characters', () => {
    const r = individualSignupSchema.safeParse({
      name: 'Ana',
      email: 'a@b.pt',
      phone: '912345678',
      licenseNumber: '1234',
      password: 'Chave#2026',
    });
    expect(r.error?.issues[0]?.message).toBe('Número de licença deve ter pelo menos 5 caracteres');
  });
});

describe('signupSteps', () => {
  it('builds the three calls for an agency', () => {
    const input = signupSchema.parse({
      type: 'organization',
      organizationName: 'Casa Lda',
      adminName: 'Ana',
      adminEmail: 'a@b.pt',
      adminPhone: '912345678',
      numberOfAgents: '1-5',
      password: 'Chave#2026',
      planId: 'org-starter',
      billingCycle: 'yearly',
    });
    expect(signupSteps(input)).toEqual({
      register: { email: 'a@b.pt', name: 'Ana', hashedPassword: 'Chave#2026', role: 'admin' },
      organization: { name: 'Casa Lda' },
      subscription: { packageId: 'org-starter', billingCycle: 'yearly' },
    });
  });

  it('names an individual agent organization', () => {
    const input = signupSchema.parse({
      type: 'individual',
      name: 'Rui Sá',
      email: 'r@s.pt',
      phone: '912345678',
      licenseNumber: 'AMI-123',
      password: 'Chave#2026',
    });
    expect(signupSteps(input).organization.name).toBe('Rui Sá - Agente Individual');
  });
});
