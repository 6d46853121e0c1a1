import { describe, expect, it } from 'vitest';
import type { Client } from '@casa/shared-schema';
import { indexClient } from '../../data/client-search/client-index';
import { clientMatchesPickerText, pickerSuggestions, typingKeepsChoice } from './client-picker.logic';

const client = (name: string, type: Client['type'], email: string | null = null) =>
  ({ id: name, name, type, email, phone: null, tags: [], customFields: {} }) as unknown as Client;

describe('client picker rules', () => {
  it('matches name, email or type without accents and offers at most 10', () => {
    const joao = client('João Sá', 'Comprador', 'joao@ex.pt');
    expect(clientMatchesPickerText(joao, 'joao')).toBe(true);
    expect(clientMatchesPickerText(joao, 'EX.PT')).toBe(true);
    expect(clientMatchesPickerText(joao, 'compr')).toBe(true);
    expect(clientMatchesPickerText(joao, 'vendedor')).toBe(false);
    const many = Array.from({ length: 15 }, (_, i) => indexClient(client(`Cliente ${i}`, 'Vendedor')));
    expect(pickerSuggestions(many, 'cliente')).toHaveLength(10);
    expect(pickerSuggestions(many, 'Cliente 1').map((c) => c.name)).toEqual([
      'Cliente 1',
      'Cliente 10',
      'Cliente 11',
      'Cliente 12',
      'Cliente 13',
      'Cliente 14',
    ]);
  });

  it('typing keeps a choice only while its client is known and matches the text', () => {
    const joao = { ...client('João Sá', 'Comprador', 'joao@ex.pt'), id: 'c1' };
    expect(typingKeepsChoice('c1', joao, 'João')).toBe(true);
    expect(typingKeepsChoice('c1', joao, 'João Sá não existe')).toBe(false);
    // Picked a moment ago, its row not yet read from the replica: the typed text drops it.
    expect(typingKeepsChoice('c1', null, 'João')).toBe(false);
    // A row of another choice (the previous one, still shown) never keeps this one.
    expect(typingKeepsChoice('c2', joao, 'João')).toBe(false);
    expect(typingKeepsChoice(null, joao, 'João')).toBe(false);
  });
});
