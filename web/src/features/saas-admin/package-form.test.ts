import { describe, expect, it } from 'vitest';
import type { Package } from '@casa/shared-schema';
import {
  emptyPackageForm,
  limitsText,
  normalizePrice,
  packageFormToPayload,
  packageToForm,
} from './package-form';

describe('package form', () => {
  it('starts with the docs/product.md#saas-admin defaults', () => {
    expect(emptyPackageForm()).toMatchObject({
      price: '0.00',
      currency: 'EUR',
      maxUsers: '5',
      maxClients: '500',
      isActive: true,
      sortOrder: '0',
      features: [],
    });
  });

  it('maps the form to a payload with a decimal-string price and integer limits', () => {
    const result = packageFormToPayload({
      ...emptyPackageForm(),
      name: ' org-teste ',
      displayName: 'Teste',
      description: '  ',
      price: '49,9',
      currency: 'eur',
      maxUsers: '7',
      maxClients: '0',
      features: ['Relatórios', ' ', 'CSV '],
      sortOrder: '-1',
    });
    expect(result).toEqual({
      ok: true,
      payload: {
        name: 'org-teste',
        displayName: 'Teste',
        audience: 'organization',
        description: null,
        price: '49.90',
        currency: 'EUR',
        maxUsers: 7,
        maxClients: 0,
        features: ['Relatórios', 'CSV'],
        isActive: true,
        sortOrder: -1,
      },
    });
  });

  it('refuses missing name, display name and price, and non-integer limits', () => {
    const result = packageFormToPayload({
      ...emptyPackageForm(),
      price: '',
      maxUsers: '2.5',
      maxClients: 'x',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'Nome é obrigatório',
        displayName: 'Nome de apresentação é obrigatório',
        price: 'Preço é obrigatório',
        maxUsers: 'Deve ser um número inteiro',
        maxClients: 'Deve ser um número inteiro',
      },
    });
  });

  it('accepts at most two decimals', () => {
    expect(normalizePrice('10')).toBe('10.00');
    expect(normalizePrice('10.5')).toBe('10.50');
    expect(normalizePrice('10.555')).toBeNull();
    expect(normalizePrice('-1')).toBeNull();
  });

  it('round-trips an existing package', () => {
    const pkg = {
      name: 'org-pro',
      displayName: 'Pro',
      audience: 'individual',
      description: null,
      price: '199.00',
      currency: 'EUR',
      maxUsers: 15,
      maxClients: 0,
      features: ['A'],
      isActive: false,
      sortOrder: 2,
    } as unknown as Package;
    const back = packageFormToPayload(packageToForm(pkg));
    expect(back.ok && back.payload).toMatchObject({
      audience: 'individual',
      price: '199.00',
      maxUsers: 15,
      isActive: false,
      sortOrder: 2,
    });
  });
});

describe('package limits text', () => {
  it('says unlimited for 0 and uses the singular for 1', () => {
    expect(limitsText(1, 0)).toBe('Até 1 utilizador · clientes ilimitados');
    expect(limitsText(0, 1500)).toBe('Utilizadores ilimitados · 1500 clientes');
  });
});
