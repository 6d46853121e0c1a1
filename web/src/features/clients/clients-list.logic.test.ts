import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Client } from '@casa/shared-schema';
import { indexClient } from '../../data/client-index';
import { clientRow } from '../../data/testing/fixtures';
import {
  createClientNarrower,
  emptyStateOf,
  foundText,
  rowCount,
  rowItems,
  tagColorsByName,
  TYPE_FILTERS,
  visibleClients,
} from './clients-list.logic';

const client = (name: string, extra: Partial<Client> = {}) =>
  indexClient(clientRow({ id: name, name, ...extra }));

const entries = [
  client('Ana Sá', { email: 'ana@exemplo.pt', type: 'Vendedor' }),
  client('João Conceição', { phone: '912345678' }),
  client('Rui', { notes: 'Procura moradia em Cascais', type: 'Investidor' }),
];
const names = (list: ReturnType<typeof visibleClients>) => list.map((e) => e.client.name);

describe('visibleClients', () => {
  it('searches name, email, phone and notes without accents', () => {
    expect(names(visibleClients(entries, { q: 'conceicao', type: null }))).toEqual(['João Conceição']);
    expect(names(visibleClients(entries, { q: 'ana@exemplo', type: null }))).toEqual(['Ana Sá']);
    expect(names(visibleClients(entries, { q: '912345678', type: null }))).toEqual(['João Conceição']);
    expect(names(visibleClients(entries, { q: 'cascais', type: null }))).toEqual(['Rui']);
  });

  it('filters by type, and shows everything unfiltered', () => {
    expect(names(visibleClients(entries, { q: '', type: 'Investidor' }))).toEqual(['Rui']);
    expect(visibleClients(entries, { q: '  ', type: null })).toHaveLength(3);
  });
});

describe('createClientNarrower', () => {
  const many = ['Ana Silva', 'Ana Silveira', 'Sílvia Sá', 'Rui Silva', 'Tiago Lopes', 'Inês Silvestre'].map(
    (name, i) => client(name, { type: (['Comprador', 'Vendedor', 'Investidor'] as const)[i % 3] }),
  );

  it('answers what visibleClients answers, whatever the sequence of queries and types', () => {
    const filterArb = fc.record({
      q: fc.constantFrom('', 's', 'si', 'sil', 'silv', 'SILVA', 'sílvia', 'a s', 'ana', 'x', ' si'),
      type: fc.constantFrom(null, 'Comprador', 'Vendedor', 'Investidor' as const),
    });
    fc.assert(
      fc.property(fc.array(filterArb, { minLength: 1, maxLength: 12 }), (filters) => {
        const narrow = createClientNarrower();
        for (const filter of filters) {
          expect(names(narrow(many, filter))).toEqual(names(visibleClients(many, filter)));
        }
      }),
    );
  });

  it('searches only the previous matches when the query grows', () => {
    const narrow = createClientNarrower();
    let reads = 0;
    const counted = many.map((entry) => {
      const copy = { ...entry };
      Object.defineProperty(copy, 'textPart', {
        get: () => {
          reads += 1;
          return entry.textPart;
        },
      });
      return copy;
    });
    expect(narrow(counted, { q: 'silv', type: null })).toHaveLength(5);
    expect(reads).toBe(6);
    reads = 0;
    expect(names(narrow(counted, { q: 'silva', type: null }))).toEqual(['Ana Silva', 'Rui Silva']);
    expect(reads).toBe(5);
    reads = 0;
    narrow(counted, { q: 'ana', type: null }); // not an extension: every client again
    expect(reads).toBe(6);
  });
});

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
});
