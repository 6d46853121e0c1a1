import { describe, expect, it } from 'vitest';
import {
  emptyStateOf,
  foundText,
  rowCount,
  rowItems,
  rowSlots,
  tagColorsByName,
  TYPE_FILTERS,
} from './clients-list.logic';

describe('texts', () => {
  it('counts and explains the empty list', () => {
    expect(foundText(1)).toBe('1 cliente(s) encontrado(s)');
    expect(emptyStateOf({ q: 'x', type: null })).toEqual({
      title: 'Nenhum cliente encontrado',
      hint: 'Tente ajustar os filtros de pesquisa.',
      offerCreate: false,
    });
    expect(emptyStateOf({ q: '', type: null })).toEqual({
      title: 'Ainda não há clientes registados',
      hint: 'Comece por criar o seu primeiro cliente.',
      offerCreate: true,
    });
    expect(emptyStateOf({ q: '', type: 'Vendedor' }).offerCreate).toBe(false);
    expect(TYPE_FILTERS.map((f) => f.label)).toEqual(['Todos', 'Comprador', 'Vendedor', 'Investidor']);
  });
});

describe('helpers', () => {
  it('finds tag colours by name in any case', () => {
    expect(tagColorsByName([{ name: 'VIP', color: '#ef4444' }]).get('vip')).toBe('#ef4444');
  });

  it('cuts rows by index arithmetic: a last short row, one card per row on one column', () => {
    const items = [1, 2, 3, 4, 5];
    expect(rowCount(items.length, 2)).toBe(3);
    expect([0, 1, 2].map((row) => rowItems(items, 2, row))).toEqual([[1, 2], [3, 4], [5]]);
    expect(rowCount(items.length, 1)).toBe(5);
    expect(rowItems(items, 1, 4)).toEqual([5]);
    expect(rowCount(0, 2)).toBe(0);
    expect(rowItems(items, 2, 3)).toEqual([]);
  });

  it('gives a list longer than its known ids placeholders past them (the count before the index)', () => {
    expect([0, 1, 2].map((row) => rowSlots(['a', 'b', 'c'], 5, 2, row))).toEqual([
      ['a', 'b'],
      ['c', null],
      [null],
    ]);
    expect(rowSlots(['a'], 1, 2, 1)).toEqual([]);
  });
});
