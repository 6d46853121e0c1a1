import { describe, expect, it } from 'vitest';
import {
  clientToOpen,
  parseClientsSearch,
  parseFollowUpsSearch,
  parsePropertiesRouteSearch,
  parseSearchPageSearch,
  searchHref,
} from './route-search';

describe('header search → /search?q=', () => {
  it('trims and URL-encodes the text', () => {
    expect(searchHref('  Ana Sá & filhos ')).toBe('/search?q=Ana%20S%C3%A1%20%26%20filhos');
  });

  it('blank text does nothing', () => {
    expect(searchHref('')).toBeNull();
    expect(searchHref('   ')).toBeNull();
  });

  it('/search keeps q trimmed, drops a blank one', () => {
    expect(parseSearchPageSearch({ q: ' rua ' })).toEqual({ q: 'rua' });
    expect(parseSearchPageSearch({ q: ' ' })).toEqual({});
    expect(parseSearchPageSearch({ q: 912345678 })).toEqual({ q: '912345678' });
  });
});

describe('/clients query', () => {
  it('action=create opens creation', () => {
    expect(parseClientsSearch({ action: 'create' })).toEqual({ action: 'create' });
  });

  it('action=view&id= and view= both open a client', () => {
    expect(clientToOpen(parseClientsSearch({ action: 'view', id: 'c1' }))).toBe('c1');
    expect(clientToOpen(parseClientsSearch({ view: 'c2' }))).toBe('c2');
  });

  it('edit= edits; an unknown action is dropped', () => {
    expect(parseClientsSearch({ edit: 'c3', action: 'delete' })).toEqual({ edit: 'c3' });
  });

  it('an id without action=view is ignored', () => {
    expect(clientToOpen(parseClientsSearch({ id: 'c4' }))).toBeUndefined();
  });
});

describe('/followups query', () => {
  it('create, edit and create for a client', () => {
    expect(parseFollowUpsSearch({ action: 'create' })).toEqual({ action: 'create' });
    expect(parseFollowUpsSearch({ edit: 'f1' })).toEqual({ edit: 'f1' });
    expect(parseFollowUpsSearch({ client: 'c1', action: 'create' })).toEqual({
      action: 'create',
      client: 'c1',
    });
  });
});

describe('/imoveis at the route (no zod at the start: issue 19)', () => {
  it('keeps the filters as trimmed text, unchecked, and the prices in euros', () => {
    // The screen checks the filters against the list query's schema (properties-search.ts).
    expect(
      parsePropertiesRouteSearch({
        business: ' Troca ',
        typology: 'T9',
        agentId: 7,
        priceMin: '1 500',
        zzz: 'x',
      }),
    ).toEqual({ business: 'Troca', typology: 'T9', agentId: '7', priceMin: 1500 });
    expect(parsePropertiesRouteSearch({ q: '  ', action: 'delete', edit: 'p1' })).toEqual({ edit: 'p1' });
  });
});
