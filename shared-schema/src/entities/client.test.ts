import { describe, expect, it } from 'vitest';
import { CLIENT_FORM_ERROR, clientCreateSchema, clientUpdateSchema, parseClientCustomFields } from './client';
import { contactAgeColor, notesPreview } from './client-rules';

const paths = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('clientCreateSchema', () => {
  it('requires name and type', () => {
    expect(paths(clientCreateSchema.safeParse({ name: ' ' }))).toEqual([
      ['name', 'Nome é obrigatório'],
      ['type', 'Tipo de cliente é obrigatório'],
    ]);
  });

  it('requires a budget for Comprador', () => {
    expect(paths(clientCreateSchema.safeParse({ name: 'Ana', type: 'Comprador' }))).toEqual([
      ['customFields.budget', 'Orçamento é obrigatório'],
    ]);
    expect(
      paths(clientCreateSchema.safeParse({ name: 'Ana', type: 'Comprador', customFields: { budget: '' } })),
    ).toEqual([['customFields.budget', 'Orçamento é obrigatório']]);
  });

  it('parses a Comprador with defaults and blanks as null', () => {
    const c = clientCreateSchema.parse({
      name: ' Ana ',
      type: 'Comprador',
      email: '',
      phone: '912 345 678',
      birthday: '',
      customFields: { budget: '250000,50', typology: 'T2', urgency: '', zone: 'Lisboa', extra: 'kept' },
    });
    expect(c).toEqual({
      name: 'Ana',
      type: 'Comprador',
      email: null,
      phone: '912 345 678',
      birthday: null,
      rating: 0,
      tags: [],
      customFields: { budget: 250000.5, typology: 'T2', urgency: null, zone: 'Lisboa', extra: 'kept' },
    });
  });

  it('checks the Vendedor and Investidor fields', () => {
    expect(
      clientCreateSchema.safeParse({
        name: 'Rui',
        type: 'Vendedor',
        customFields: { propertyType: 'Castelo' },
      }).success,
    ).toBe(false);
    expect(
      clientCreateSchema.safeParse({
        name: 'Rui',
        type: 'Vendedor',
        customFields: { propertyType: 'Moradia', saleReason: 'Herança' },
      }).success,
    ).toBe(true);
    const inv = clientCreateSchema.parse({
      name: 'Eva',
      type: 'Investidor',
      customFields: { expectedReturn: '6,5', investmentBudget: 100000 },
    });
    expect(inv.customFields).toMatchObject({ expectedReturn: 6.5, investmentBudget: 100000 });
  });

  it('bounds the rating to integers 0–5 and checks the birthday', () => {
    const base = { name: 'Ana', type: 'Vendedor' };
    expect(paths(clientCreateSchema.safeParse({ ...base, rating: 6 }))).toEqual([
      ['rating', 'A classificação deve estar entre 0 e 5'],
    ]);
    expect(clientCreateSchema.safeParse({ ...base, rating: 2.5 }).success).toBe(false);
    expect(paths(clientCreateSchema.safeParse({ ...base, birthday: '1990-02-30' }))).toEqual([
      ['birthday', 'Data inválida'],
    ]);
    expect(paths(clientCreateSchema.safeParse({ ...base, email: 'ana@' }))).toEqual([
      ['email', 'Email inválido'],
    ]);
  });

  it('words the failing-submit toast', () => {
    expect(CLIENT_FORM_ERROR).toEqual({
      title: 'Erro de validação',
      description: 'Verifique os campos obrigatórios',
    });
  });
});

describe('clientUpdateSchema', () => {
  it('is partial and checks custom fields when the type comes along', () => {
    expect(clientUpdateSchema.parse({ notes: 'ligar' })).toEqual({ notes: 'ligar' });
    expect(clientUpdateSchema.safeParse({ type: 'Comprador', customFields: {} }).success).toBe(false);
    expect(parseClientCustomFields('Comprador', { budget: 1 }).success).toBe(true);
  });
});

describe('display helpers', () => {
  it('colours days since contact', () => {
    expect(contactAgeColor(0)).toBe('green');
    expect(contactAgeColor(7)).toBe('yellow');
    expect(contactAgeColor(8)).toBe('red');
    expect(contactAgeColor(null)).toBe('red');
  });

  it('truncates notes to 100 characters', () => {
    expect(notesPreview('x'.repeat(150))).toHaveLength(101);
    expect(notesPreview(null)).toBe('');
  });
});
