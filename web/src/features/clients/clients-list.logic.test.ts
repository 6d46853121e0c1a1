import { describe, expect, it } from 'vitest';
import type { Client } from '@casa/shared-schema';
import { indexClient } from '../../data/client-index';
import {
  chunkRows,
  emptyStateOf,
  foundText,
  tagColorsByName,
  TYPE_FILTERS,
  visibleClients,
} from './clients-list.logic';

const client = (name: string, extra: Partial<Client> = {}) =>
  indexClient({
    id: name,
    name,
    email: null,
    phone: null,
    type: 'Comprador',
    rating: 0,
    birthday: null,
    notes: null,
    tags: [],
    customFields: {},
    ...extra,
  } as Client);

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
  it('finds tag colours by name in any case and chunks rows', () => {
    expect(tagColorsByName([{ name: 'VIP', color: '#ef4444' }]).get('vip')).toBe('#ef4444');
    expect(chunkRows([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
  });
});
