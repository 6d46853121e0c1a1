import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Client } from '@casa/shared-schema';
import { clientRow } from '../testing/fixtures';
import { createNarrower, filterClients, indexClient } from './client-index';

const client = (name: string, extra: Partial<Client> = {}) =>
  indexClient(clientRow({ id: name, name, ...extra }));

const entries = [
  client('Ana Sá', { email: 'ana@exemplo.pt', type: 'Vendedor' }),
  client('João Conceição', { phone: '912345678' }),
  client('Rui', { notes: 'Procura moradia em Cascais', type: 'Investidor' }),
];
const names = (list: ReturnType<typeof filterClients>) => list.map((e) => e.client.name);

describe("filterClients (the search worker's text and type search)", () => {
  it('searches name, email, phone and notes without accents', () => {
    expect(names(filterClients(entries, { q: 'conceicao', type: null }))).toEqual(['João Conceição']);
    expect(names(filterClients(entries, { q: 'ana@exemplo', type: null }))).toEqual(['Ana Sá']);
    expect(names(filterClients(entries, { q: '912345678', type: null }))).toEqual(['João Conceição']);
    expect(names(filterClients(entries, { q: 'cascais', type: null }))).toEqual(['Rui']);
  });

  it('filters by type, and shows everything unfiltered', () => {
    expect(names(filterClients(entries, { q: '', type: 'Investidor' }))).toEqual(['Rui']);
    expect(filterClients(entries, { q: '  ', type: null })).toHaveLength(3);
  });
});

describe('createNarrower', () => {
  const many = ['Ana Silva', 'Ana Silveira', 'Sílvia Sá', 'Rui Silva', 'Tiago Lopes', 'Inês Silvestre'].map(
    (name, i) => client(name, { type: (['Comprador', 'Vendedor', 'Investidor'] as const)[i % 3] }),
  );

  it('answers what filterClients answers, whatever the sequence of queries and types', () => {
    const filterArb = fc.record({
      q: fc.constantFrom('', 's', 'si', 'sil', 'silv', 'SILVA', 'sílvia', 'a s', 'ana', 'x', ' si'),
      type: fc.constantFrom(null, 'Comprador', 'Vendedor', 'Investidor' as const),
    });
    fc.assert(
      fc.property(fc.array(filterArb, { minLength: 1, maxLength: 12 }), (filters) => {
        const narrow = createNarrower();
        for (const filter of filters) {
          expect(names(narrow(many, filter))).toEqual(names(filterClients(many, filter)));
        }
      }),
    );
  });

  it('searches only the previous matches when the query grows', () => {
    const narrow = createNarrower();
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
