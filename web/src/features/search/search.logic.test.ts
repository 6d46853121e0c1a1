import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Client } from '@casa/shared-schema';
import { filterClients, indexClient } from '../../data/client-search/client-index';
import { clientRow } from '../../data/testing/fixtures';
import {
  activeFilterCount,
  budgetErrors,
  criteriaOf,
  Debouncer,
  EMPTY_FILTERS,
  loadFilters,
  nextVisibleCount,
  parseAmount,
  resultCountText,
  saveFilters,
  SEARCH_DELAY_MS,
  SEARCH_PAGE_SIZE,
} from './search.logic';

const client = (name: string, extra: Partial<Client> = {}): Client =>
  clientRow({
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    name,
    customFields: { budget: 200000 },
    ...extra,
  });

describe('budget text', () => {
  it('reads pt-PT amounts and rejects anything else', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('  ')).toBeNull();
    expect(parseAmount('250000')).toBe(250000);
    expect(parseAmount('250 000 €')).toBe(250000);
    expect(parseAmount('250.000')).toBe(250000);
    expect(parseAmount('1.250.000,50')).toBe(1250000.5);
    expect(parseAmount('99,9')).toBe(99.9);
    expect(parseAmount('2.5')).toBe(2.5);
    expect(parseAmount('abc')).toBeUndefined();
    expect(parseAmount('-5')).toBeUndefined();
  });

  it('flags an unreadable amount and a maximum below the minimum', () => {
    expect(budgetErrors(EMPTY_FILTERS)).toEqual({ minBudget: null, maxBudget: null });
    expect(budgetErrors({ ...EMPTY_FILTERS, minBudget: 'muito' }).minBudget).toBe('Valor inválido');
    expect(budgetErrors({ ...EMPTY_FILTERS, minBudget: '300000', maxBudget: '200000' }).maxBudget).toBe(
      'O máximo não pode ser inferior ao mínimo.',
    );
    expect(budgetErrors({ ...EMPTY_FILTERS, minBudget: '200000', maxBudget: '200000' }).maxBudget).toBeNull();
  });
});

describe('criteria', () => {
  it('turns the typed filters into client-index criteria', () => {
    expect(criteriaOf({ q: '  joão ', filters: EMPTY_FILTERS })).toEqual({
      q: 'joão',
      type: null,
      minRating: null,
      hasPhone: false,
      hasEmail: false,
      zone: null,
      minBudget: null,
      maxBudget: null,
    });
    const filters = {
      type: 'Vendedor' as const,
      minRating: 3,
      hasPhone: true,
      hasEmail: true,
      zone: ' Cascais ',
      minBudget: '100 000',
      maxBudget: 'x',
    };
    expect(criteriaOf({ q: '', filters })).toEqual({
      q: null,
      type: 'Vendedor',
      minRating: 3,
      hasPhone: true,
      hasEmail: true,
      zone: 'Cascais',
      minBudget: 100000,
      maxBudget: null,
    });
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount(filters)).toBe(7);
    expect(activeFilterCount({ ...EMPTY_FILTERS, zone: '   ' })).toBe(0);
  });

  it('finds accented names without accents and narrows with each filter', () => {
    const entries = [
      client('João Conceição', {
        phone: '912345678',
        rating: 4,
        customFields: { budget: 300000, zone: 'Cascais' },
      }),
      client('Joana Sá', {
        email: 'joana@exemplo.pt',
        rating: 2,
        customFields: { budget: 150000, zone: 'Lisboa' },
      }),
      client('Rui Vendas', {
        type: 'Vendedor',
        notes: 'conhece o joao',
        customFields: { location: 'Porto' },
      }),
    ]
      .map(indexClient)
      .sort((a, b) => (a.searchText < b.searchText ? -1 : 1));
    const names = (q: string, filters = EMPTY_FILTERS) =>
      filterClients(entries, criteriaOf({ q, filters })).map((e) => e.client.name);
    expect(names('joao')).toEqual(['João Conceição', 'Rui Vendas']);
    expect(names('JOÃO', { ...EMPTY_FILTERS, type: 'Comprador' })).toEqual(['João Conceição']);
    expect(names('jo', { ...EMPTY_FILTERS, minRating: 3 })).toEqual(['João Conceição']);
    expect(names('', { ...EMPTY_FILTERS, hasEmail: true })).toEqual(['Joana Sá']);
    expect(names('', { ...EMPTY_FILTERS, hasPhone: true })).toEqual(['João Conceição']);
    expect(names('', { ...EMPTY_FILTERS, zone: 'lisbóa' })).toEqual(['Joana Sá']);
    expect(names('', { ...EMPTY_FILTERS, minBudget: '200.000' })).toEqual(['João Conceição']);
    expect(names('', { ...EMPTY_FILTERS, maxBudget: '200 000' })).toEqual(['Joana Sá']);
    expect(names('ninguém')).toEqual([]);
  });

  it('searches 50,000 clients well within 100 ms', () => {
    const entries = Array.from({ length: 50_000 }, (_, i) =>
      indexClient(
        client(`Cliente ${i} ${i % 7 === 0 ? 'Gonçalves' : 'Silva'}`, {
          email: i % 2 ? `c${i}@exemplo.pt` : null,
          notes: 'Procura T2 com varanda perto do metro',
          customFields: { budget: 100000 + i, zone: i % 3 ? 'Lisboa' : 'Setúbal' },
        }),
      ),
    );
    const times: number[] = [];
    for (let run = 0; run < 5; run++) {
      const start = performance.now();
      const found = filterClients(
        entries,
        criteriaOf({ q: 'goncalves', filters: { ...EMPTY_FILTERS, zone: 'setubal', minBudget: '120000' } }),
      );
      times.push(performance.now() - start);
      expect(found.length).toBeGreaterThan(0);
    }
    times.sort((a, b) => a - b);
    expect(times[2]).toBeLessThan(100);
  });
});

describe('paging and texts', () => {
  it('shows 12 more per click, never beyond the results', () => {
    expect(SEARCH_PAGE_SIZE).toBe(12);
    expect(nextVisibleCount(12, 100)).toBe(24);
    expect(nextVisibleCount(24, 30)).toBe(30);
    expect(nextVisibleCount(30, 30)).toBe(30);
    expect(resultCountText(1)).toBe('1 cliente(s) encontrado(s)');
    expect(resultCountText(0)).toBe('0 cliente(s) encontrado(s)');
  });

  it('keeps the filters in session storage and ignores broken values', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    };
    expect(loadFilters(storage)).toEqual(EMPTY_FILTERS);
    const filters = { ...EMPTY_FILTERS, type: 'Investidor' as const, minRating: 2, zone: 'Sintra' };
    saveFilters(storage, filters);
    expect(loadFilters(storage)).toEqual(filters);
    store.set(
      'casa-search-filters',
      JSON.stringify({ type: 'Outro', minRating: 9, hasPhone: 'sim', zone: 3 }),
    );
    expect(loadFilters(storage)).toEqual(EMPTY_FILTERS);
    store.set('casa-search-filters', '{');
    expect(loadFilters(storage)).toEqual(EMPTY_FILTERS);
    expect(loadFilters(undefined)).toEqual(EMPTY_FILTERS);
  });
});

describe('search delay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs only the last task, 300 ms after the last change', () => {
    const runs: string[] = [];
    const d = new Debouncer(SEARCH_DELAY_MS);
    expect(SEARCH_DELAY_MS).toBe(300);
    d.schedule(() => runs.push('j'));
    vi.advanceTimersByTime(200);
    d.schedule(() => runs.push('jo'));
    vi.advanceTimersByTime(299);
    expect(runs).toEqual([]);
    expect(d.pending).toBe(true);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual(['jo']);
    expect(d.pending).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(runs).toEqual(['jo']);
  });

  it('flushes at once on demand and forgets a cancelled task', () => {
    const runs: string[] = [];
    const d = new Debouncer(SEARCH_DELAY_MS);
    d.schedule(() => runs.push('a'));
    d.flush();
    expect(runs).toEqual(['a']);
    d.flush();
    expect(runs).toEqual(['a']);
    d.schedule(() => runs.push('b'));
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(runs).toEqual(['a']);
  });
});
