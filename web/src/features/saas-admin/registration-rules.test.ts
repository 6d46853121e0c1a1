import { describe, expect, it } from 'vitest';
import { DEFAULT_REGISTRATION_SETTINGS, type CustomField } from '@casa/shared-schema';
import {
  addAllowedDomain,
  checkSettings,
  cleanCustomField,
  newCustomField,
  parseRoleLimit,
} from './registration-rules';

describe('allowed domains', () => {
  it('adds a new domain, lower-cased and without @', () => {
    expect(addAllowedDomain(['a.pt'], '@Imobiliaria.PT')).toEqual({
      ok: true,
      domains: ['a.pt', 'imobiliaria.pt'],
    });
  });
  it('ignores a duplicate and rejects an invalid domain', () => {
    expect(addAllowedDomain(['a.pt'], 'A.pt')).toEqual({ ok: false, error: null });
    expect(addAllowedDomain([], 'sem ponto')).toEqual({ ok: false, error: 'Domínio inválido' });
  });
});

describe('per-role limits', () => {
  it('accepts non-negative integers, 0 meaning unlimited', () => {
    expect(parseRoleLimit('0')).toBe(0);
    expect(parseRoleLimit(' 12 ')).toBe(12);
    expect(parseRoleLimit('-1')).toBeNull();
    expect(parseRoleLimit('1.5')).toBeNull();
    expect(parseRoleLimit('')).toBeNull();
  });
  it('refuses to save a negative limit', () => {
    const draft = { ...DEFAULT_REGISTRATION_SETTINGS, maxUsersPerRole: { admin: 5, agent: -1, viewer: 0 } };
    expect(checkSettings(draft)).toEqual({
      ok: false,
      fieldErrors: { 'maxUsersPerRole.agent': 'Não pode ser negativo' },
    });
  });
});

describe('custom fields', () => {
  const field = (patch: Partial<CustomField>): CustomField => ({
    id: 'campo_1',
    label: 'NIF',
    type: 'text',
    required: false,
    ...patch,
  });
  it('requires a label', () => {
    expect(cleanCustomField(field({ label: '  ' }))).toEqual({ error: 'Campo obrigatório' });
  });
  it('keeps options only for select types and drops empty validation', () => {
    expect(cleanCustomField(field({ type: 'text', options: ['a'], validation: { pattern: ' ' } }))).toEqual({
      field: { id: 'campo_1', label: 'NIF', type: 'text', required: false },
    });
    expect(
      cleanCustomField(
        field({
          type: 'multiselect',
          options: ['A', ' ', 'B'],
          placeholder: ' Escolha ',
          validation: { minLength: 0, maxLength: 9 },
        }),
      ),
    ).toEqual({
      field: {
        id: 'campo_1',
        label: 'NIF',
        type: 'multiselect',
        required: false,
        placeholder: 'Escolha',
        options: ['A', 'B'],
        validation: { minLength: 0, maxLength: 9 },
      },
    });
  });
  it('gives new fields unique ids', () => {
    const first = newCustomField([]);
    expect(newCustomField([first, { ...first, id: 'campo_2' }]).id).toBe('campo_3');
  });
  it('reports the field whose label is missing', () => {
    const draft = { ...DEFAULT_REGISTRATION_SETTINGS, customFields: [field({ id: 'x', label: '' })] };
    expect(checkSettings(draft)).toEqual({
      ok: false,
      fieldErrors: { 'customFields.x': 'Campo obrigatório' },
    });
  });
});
