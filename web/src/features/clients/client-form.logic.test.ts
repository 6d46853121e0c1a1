import { describe, expect, it } from 'vitest';
import type { Client } from '@casa/shared-schema';
import {
  addTagChoice,
  clientFormErrors,
  clientToForm,
  customFieldLabel,
  emptyClientForm,
  formToClientInput,
  sameTagChoice,
  tagNameProblem,
} from './client-form.logic';

const ID = '0b3f2b59-9a54-4c1e-8e0b-3f5f2f1c9a10';

describe('formToClientInput', () => {
  it('sends only the chosen type fields, numbers as numbers, blanks left out', () => {
    const values = {
      ...emptyClientForm('Comprador'),
      name: 'Ana',
      customFields: { budget: '250.000,50', typology: 'T2', zone: '  ', propertyValue: '10' },
      tags: [{ id: null, name: 'VIP', color: '#22c55e' }],
    };
    expect(formToClientInput(values)).toMatchObject({
      name: 'Ana',
      type: 'Comprador',
      rating: 0,
      customFields: { budget: 250000.5, typology: 'T2' },
      tags: ['VIP'],
    });
  });

  it('keeps unknown keys of the stored row but drops the fields of another type', () => {
    const values = { ...emptyClientForm('Investidor'), name: 'Rui', customFields: { expectedReturn: '5,5' } };
    const input = formToClientInput(values, { budget: 1, origem: 'Importação' });
    expect(input.customFields).toEqual({ origem: 'Importação', expectedReturn: 5.5 });
  });

  it('leaves a non-numeric amount as typed so validation rejects it', () => {
    const values = { ...emptyClientForm('Vendedor'), name: 'Rui', customFields: { propertyValue: 'muito' } };
    expect(formToClientInput(values).customFields).toEqual({ propertyValue: 'muito' });
    expect(clientFormErrors(values)).toHaveProperty(['customFields.propertyValue']);
  });
});

describe('clientFormErrors', () => {
  it('requires the name and, for a buyer, the budget', () => {
    expect(clientFormErrors(emptyClientForm('Comprador'))).toEqual({
      name: 'Nome é obrigatório',
      'customFields.budget': 'Orçamento é obrigatório',
    });
    expect(clientFormErrors({ ...emptyClientForm('Vendedor'), name: 'Ana' })).toBeNull();
  });

  it('checks the email', () => {
    const errors = clientFormErrors({ ...emptyClientForm('Vendedor'), name: 'Ana', email: 'ana@' });
    expect(errors?.email).toBeTruthy();
  });
});

describe('clientToForm', () => {
  it('round-trips a stored client', () => {
    const client = {
      id: ID,
      name: 'Ana',
      email: null,
      phone: '912',
      type: 'Investidor',
      rating: 4,
      birthday: '1980-02-29',
      notes: null,
      tags: ['VIP'],
      customFields: { investmentBudget: 500000, zone: 'Porto', origem: 'x' },
    } as unknown as Client;
    const form = clientToForm(client, [{ id: ID, name: 'VIP', color: '#3b82f6' }]);
    expect(form).toMatchObject({
      email: '',
      rating: 4,
      customFields: { investmentBudget: '500000', zone: 'Porto', expectedReturn: '' },
      tags: [{ id: ID, name: 'VIP', color: '#3b82f6' }],
    });
    expect(formToClientInput(form, client.customFields)).toMatchObject({
      customFields: { investmentBudget: 500000, zone: 'Porto', origem: 'x' },
      birthday: '1980-02-29',
    });
  });
});

describe('addTagChoice', () => {
  const existing = [{ id: ID, name: 'Investidor Ativo', color: '#ef4444' }];

  it('refuses blank names', () => {
    expect(addTagChoice([], existing, '   ')).toBeNull();
  });

  it('reuses an existing tag whatever the case, with its colour', () => {
    expect(addTagChoice([], existing, ' investidor ATIVO ', '#22c55e')).toEqual([
      { id: ID, name: 'Investidor Ativo', color: '#ef4444' },
    ]);
  });

  it('refuses a name over 50 characters, with its own message', () => {
    expect(addTagChoice([], existing, 'x'.repeat(51))).toBeNull();
    expect(tagNameProblem('x'.repeat(51))).toBe('O nome da tag pode ter no máximo 50 caracteres');
    expect(tagNameProblem(` ${'x'.repeat(50)} `)).toBeNull();
    expect(tagNameProblem('  ')).toBe('O nome da tag é obrigatório');
  });

  it('compares a typed name with chosen tags (MUI passes the typed string when one is chosen)', () => {
    const chosen = { id: ID, name: 'Investidor Ativo', color: '#ef4444' };
    expect(sameTagChoice('investidor ativo ', chosen)).toBe(true);
    expect(sameTagChoice('Urgente', chosen)).toBe(false);
    expect(sameTagChoice(chosen, { ...chosen, id: null })).toBe(true);
  });

  it('adds a new tag with the picked colour once', () => {
    const once = addTagChoice([], existing, 'Urgente', '#22c55e')!;
    expect(once).toEqual([{ id: null, name: 'Urgente', color: '#22c55e' }]);
    expect(addTagChoice(once, existing, 'URGENTE')).toEqual(once);
  });
});

describe('customFieldLabel', () => {
  it('uses the pt-PT labels and falls back to the key', () => {
    expect(customFieldLabel('budget')).toBe('Orçamento');
    expect(customFieldLabel('expectedReturn')).toBe('Retorno Esperado (%)');
    expect(customFieldLabel('origem')).toBe('origem');
  });
});

describe('clientFormErrors and the tag box', () => {
  it('blocks the save at the tag box while a too long tag waits there, not with a generic message', () => {
    const values = { ...emptyClientForm('Vendedor'), name: 'Ana', tagDraft: 'y'.repeat(60) };
    expect(clientFormErrors(values)).toEqual({ tags: 'O nome da tag pode ter no máximo 50 caracteres' });
    expect(clientFormErrors({ ...values, tagDraft: '   ' })).toBeNull();
  });
});

describe('clientFormResolver', () => {
  it('nests the custom field errors for react-hook-form', async () => {
    const { clientFormResolver } = await import('./client-form.logic');
    const answer = await clientFormResolver(emptyClientForm('Comprador'), undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(answer.errors).toEqual({
      name: { type: 'validation', message: 'Nome é obrigatório' },
      customFields: { budget: { type: 'validation', message: 'Orçamento é obrigatório' } },
    });
    const ok = { ...emptyClientForm('Vendedor'), name: 'Ana' };
    expect(
      (await clientFormResolver(ok, undefined, { fields: {}, shouldUseNativeValidation: false })).values,
    ).toBe(ok);
  });
});
