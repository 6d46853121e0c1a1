import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installPtPTErrorMap } from './i18n';
import { fieldErrorsOf, firstIssueMessage, validationErrorBody } from './validation';
import { loginSchema } from './entities/user-auth';

installPtPTErrorMap();

describe('firstIssueMessage / fieldErrorsOf', () => {
  it('report the first message and one message per path', () => {
    const r = loginSchema.safeParse({ email: '', password: '' });
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(firstIssueMessage(r.error)).toBe('Por favor, preencha todos os campos');
    expect(fieldErrorsOf(r.error)).toEqual({
      email: 'Por favor, preencha todos os campos',
      password: 'Por favor, preencha todos os campos',
    });
  });

  it('joins nested paths with dots and leaves root issues out', () => {
    const schema = z.object({ a: z.object({ b: z.array(z.string()) }) });
    const r = schema.safeParse({ a: { b: ['x', 3] } });
    if (r.success) throw new Error('expected failure');
    expect(Object.keys(fieldErrorsOf(r.error))).toEqual(['a.b.1']);
    const root = z.string().safeParse(1);
    if (root.success) throw new Error('expected failure');
    expect(fieldErrorsOf(root.error)).toEqual({});
    expect(firstIssueMessage(root.error)).toBe('Valor inválido');
  });

  it('digs into union issues', () => {
    const schema = z.union([z.string().min(3, { error: 'curto' }), z.number().min(10, { error: 'pequeno' })]);
    const r = schema.safeParse(true);
    if (r.success) throw new Error('expected failure');
    expect(firstIssueMessage(r.error).length).toBeGreaterThan(0);
  });

  it('builds the 400 body', () => {
    const r = loginSchema.safeParse({ email: 'a@b.pt' });
    if (r.success) throw new Error('expected failure');
    expect(validationErrorBody(r.error)).toEqual({
      message: 'Por favor, preencha todos os campos',
      code: 'validation',
      fieldErrors: { password: 'Por favor, preencha todos os campos' },
    });
  });
});

describe('pt-PT error map', () => {
  it('words zod defaults in Portuguese', () => {
    const schema = z.object({ name: z.string(), n: z.number().max(3), s: z.string().min(4) });
    const r = schema.safeParse({ n: 9, s: 'ab' });
    if (r.success) throw new Error('expected failure');
    expect(fieldErrorsOf(r.error)).toEqual({
      name: 'Campo obrigatório',
      n: 'Deve ser no máximo 3',
      s: 'Deve ter pelo menos 4 caracteres',
    });
  });
});
