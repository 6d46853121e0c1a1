import { describe, expect, it } from 'vitest';
import { CLIENT_CSV_COLUMNS } from '../api/csv';
import { CLIENT_TYPES } from '../enums';
import { blankRow } from '../generators/blank';
import { clientSchema, CUSTOM_FIELDS_BY_TYPE } from './client';
import { CLIENT_CUSTOM_FIELDS, CLIENT_FIELDS, CUSTOM_FIELD_DEFS, customFieldLabel } from './client-fields';

describe('CLIENT_FIELDS', () => {
  it.each(Object.keys(clientSchema.shape))('has the metadata of the schema key %s', (key) => {
    expect(Object.keys(CLIENT_FIELDS), `clientSchema.${key} has no entry in CLIENT_FIELDS`).toContain(key);
  });

  it('names only keys of the schema', () => {
    expect(Object.keys(CLIENT_FIELDS).filter((key) => !(key in clientSchema.shape))).toEqual([]);
  });

  it.each(CLIENT_TYPES)('knows every per-type field of %s', (type) => {
    for (const key of Object.keys(CUSTOM_FIELDS_BY_TYPE[type].shape)) {
      expect(Object.keys(CLIENT_CUSTOM_FIELDS), `customFields.${key} of ${type}`).toContain(key);
    }
  });

  // The documented columns keep their headers and their order (docs/product.md#reports); a field added to
  // CLIENT_FIELDS adds its own column among them without editing this list.
  it('gives the CSV its Portuguese headers, in order', () => {
    const headers = CLIENT_CSV_COLUMNS.map((c) => c.header);
    const documented = [
      'ID',
      'Nome',
      'Email',
      'Telefone',
      'Tipo',
      'Classificação',
      'Data de Nascimento',
      'Notas',
      'Tags',
      'Orçamento',
      'Tipologia',
      'Zona',
      'Urgência',
      'Tipo de Imóvel',
      'Valor do Imóvel',
      'Localização',
      'Motivo da Venda',
      'Tipo de Investimento',
      'Faixa de Orçamento',
      'Zonas Preferidas',
      'Retorno Esperado (%)',
      'Orçamento de Investimento',
      'Outros Campos',
      'Agente',
      'Criado em',
      'Atualizado em',
    ];
    expect(headers.filter((h) => documented.includes(h))).toEqual(documented);
    expect(CLIENT_CSV_COLUMNS.filter((c) => !c.imported).map((c) => c.header)).toEqual([
      'ID',
      'Agente',
      'Criado em',
      'Atualizado em',
    ]);
    expect(CLIENT_CSV_COLUMNS.filter((c) => c.numeric).map((c) => c.custom)).toEqual([
      'budget',
      'propertyValue',
      'expectedReturn',
      'investmentBudget',
    ]);
  });

  it('derives the form fields of each type from its schema, the budget required for a buyer', () => {
    expect(CUSTOM_FIELD_DEFS.Comprador.map((d) => [d.key, d.kind, d.required])).toEqual([
      ['budget', 'amount', true],
      ['typology', 'select', false],
      ['zone', 'text', false],
      ['urgency', 'select', false],
    ]);
    expect(CUSTOM_FIELD_DEFS.Investidor.map((d) => d.key)).toEqual([
      'investmentType',
      'budgetRange',
      'preferredZones',
      'expectedReturn',
      'investmentBudget',
      'zone',
    ]);
    expect(customFieldLabel('saleReason')).toBe('Motivo da Venda');
    expect(customFieldLabel('origem')).toBe('origem');
  });
});

describe('blankRow', () => {
  it('fills every blankable field the caller leaves out, and the result is a valid row', () => {
    const row = blankRow(clientSchema, {
      id: '00000000-0000-4000-8000-000000000001',
      organizationId: '00000000-0000-4000-8000-000000000002',
      name: 'Ana',
      type: 'Comprador',
      rating: 2,
      createdAt: '2026-01-01T10:00:00.000Z',
      updatedAt: '2026-01-01T10:00:00.000Z',
    });
    expect(row).toMatchObject({ email: null, notes: null, tags: [], customFields: {}, agentId: null });
    expect(clientSchema.parse(row)).toEqual(row);
  });
});
