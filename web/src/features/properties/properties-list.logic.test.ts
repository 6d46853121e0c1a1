import { describe, expect, it } from 'vitest';
import { parsePropertiesSearch } from './properties-search';
import {
  activeFilterCount,
  CONCELHO_NAMES,
  countText,
  dialogOf,
  emptyStateOf,
  filtersOfSearch,
  filtersOnly,
  isFiltering,
  withFilter,
} from './properties-list.logic';

const AGENT = '0190a0b2-0000-7000-8000-000000000001';

describe('/imoveis URL ↔ filters', () => {
  it('reads every filter, the prices in euros, and drops what the API would refuse', () => {
    const search = parsePropertiesSearch({
      q: ' alvalade ',
      business: 'Venda',
      propertyType: 'Apartamento',
      typology: 'T2',
      status: 'Disponível',
      concelho: 'Lisboa',
      agentId: AGENT,
      priceMin: '150 000',
      priceMax: 300000,
      action: 'create',
      edit: 'x',
    });
    expect(search).toEqual({
      q: 'alvalade',
      business: 'Venda',
      propertyType: 'Apartamento',
      typology: 'T2',
      status: 'Disponível',
      concelho: 'Lisboa',
      agentId: AGENT,
      priceMin: 150000,
      priceMax: 300000,
      action: 'create',
      edit: 'x',
    });
    expect(
      parsePropertiesSearch({
        business: 'Troca',
        typology: 'T9',
        status: 'vendido?',
        agentId: 'ana',
        priceMin: '-5',
        priceMax: '1.2.3',
        action: 'delete',
      }),
    ).toEqual({});
  });

  it('euros become the cents the replica stores; the dialog keys are not filters', () => {
    const search = parsePropertiesSearch({ priceMin: '750,5', priceMax: '250000', edit: 'abc' });
    expect(filtersOfSearch(search)).toEqual({ priceMin: 75050, priceMax: 25_000_000 });
    expect(filtersOnly({ ...search, action: 'create' })).toEqual({ priceMin: 750.5, priceMax: 250000 });
  });

  it('one filter changes, blank removes it, a dialog key never stays', () => {
    const search = { business: 'Venda' as const, edit: 'abc' };
    expect(withFilter(search, 'typology', 'T3')).toEqual({ business: 'Venda', typology: 'T3' });
    expect(withFilter(search, 'business', '')).toEqual({});
    expect(withFilter(search, 'priceMax', null)).toEqual({ business: 'Venda' });
  });

  it('knows when the list is filtered and counts the filters beyond the text', () => {
    expect(isFiltering({})).toBe(false);
    expect(isFiltering({ action: 'create' })).toBe(false);
    expect(isFiltering({ q: 'rua' })).toBe(true);
    expect(activeFilterCount({ q: 'rua', business: 'Venda', priceMin: 1 })).toBe(2);
  });
});

describe('list texts', () => {
  it('counts in pt-PT', () => {
    expect(countText(0)).toBe('0 imóveis');
    expect(countText(1)).toBe('1 imóvel');
    expect(countText(5000)).toBe('5 000 imóveis');
  });

  it('empty: filters to adjust, or the first property to create', () => {
    expect(emptyStateOf({ q: 'x' })).toMatchObject({ title: 'Nenhum imóvel encontrado', offerCreate: false });
    expect(emptyStateOf({})).toMatchObject({ title: 'Ainda não há imóveis registados', offerCreate: true });
  });

  it('the concelho choices are the 308 concelhos, each name once', () => {
    expect(CONCELHO_NAMES.filter((n) => n === 'Lagoa')).toHaveLength(1);
    expect(CONCELHO_NAMES).toHaveLength(new Set(CONCELHO_NAMES).size);
    expect(CONCELHO_NAMES).toContain('Vila Nova de Gaia');
  });
});

describe('the form dialog of a URL', () => {
  it('create or edit for a writer, nothing for a viewer', () => {
    expect(dialogOf({ action: 'create' }, true)).toEqual({ kind: 'create' });
    expect(dialogOf({ edit: 'p1' }, true)).toEqual({ kind: 'edit', id: 'p1' });
    expect(dialogOf({ action: 'create' }, false)).toBeNull();
    expect(dialogOf({ edit: 'p1' }, false)).toBeNull();
    expect(dialogOf({}, true)).toBeNull();
  });
});
