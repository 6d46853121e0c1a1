import { describe, expect, it } from 'vitest';
import {
  CONCELHOS,
  DISTRITOS,
  canonicalConcelho,
  canonicalDistrito,
  concelhosOf,
  distritoOf,
  isConcelho,
  isConcelhoOf,
  placeKey,
} from './concelhos';

const EXPECTED_COUNTS: Record<string, number> = {
  Aveiro: 19,
  Beja: 14,
  Braga: 14,
  Bragança: 12,
  'Castelo Branco': 11,
  Coimbra: 17,
  Évora: 14,
  Faro: 16,
  Guarda: 14,
  Leiria: 16,
  Lisboa: 16,
  Portalegre: 15,
  Porto: 18,
  Santarém: 21,
  Setúbal: 13,
  'Viana do Castelo': 10,
  'Vila Real': 14,
  Viseu: 24,
  Açores: 19,
  Madeira: 11,
};

describe('distritos and concelhos', () => {
  it('has 18 distritos and 2 regiões autónomas', () => {
    expect(DISTRITOS.filter((d) => d.kind === 'distrito')).toHaveLength(18);
    expect(DISTRITOS.filter((d) => d.kind === 'regiao_autonoma').map((d) => d.name)).toEqual([
      'Açores',
      'Madeira',
    ]);
    expect(DISTRITOS.map((d) => d.name).sort()).toEqual(Object.keys(EXPECTED_COUNTS).sort());
  });

  it('has 308 concelhos: 278 on the mainland, 19 in the Açores, 11 in Madeira', () => {
    expect(CONCELHOS).toHaveLength(308);
    const mainland = DISTRITOS.filter((d) => d.kind === 'distrito').map((d) => d.name);
    expect(CONCELHOS.filter((c) => mainland.includes(c.distrito))).toHaveLength(278);
    for (const [distrito, count] of Object.entries(EXPECTED_COUNTS)) {
      expect(concelhosOf(distrito), distrito).toHaveLength(count);
      expect(
        CONCELHOS.filter((c) => c.distrito === distrito),
        distrito,
      ).toHaveLength(count);
    }
  });

  it('is unique by (name, distrito); only Lagoa and Calheta exist twice', () => {
    const pairs = new Set(CONCELHOS.map((c) => `${c.name}|${c.distrito}`));
    expect(pairs.size).toBe(308);
    const byName = new Map<string, string[]>();
    for (const c of CONCELHOS) byName.set(c.name, [...(byName.get(c.name) ?? []), c.distrito]);
    const repeated = [...byName].filter(([, ds]) => ds.length > 1);
    expect(Object.fromEntries(repeated)).toEqual({
      Lagoa: ['Faro', 'Açores'],
      Calheta: ['Açores', 'Madeira'],
    });
    // No two different official spellings collapse to one key (the key is the only comparison).
    expect(new Set(CONCELHOS.map((c) => placeKey(c.name))).size).toBe(byName.size);
  });

  it('writes names the official way: trimmed, single spaces, accents kept', () => {
    for (const c of CONCELHOS) expect(c.name).toMatch(/^\S+( \S+)*$/);
    for (const name of ['Vila Nova de Gaia', 'Santa Maria da Feira', 'Ílhavo', 'Mêda', 'Óbidos', 'Sátão']) {
      expect(canonicalConcelho(name)).toBe(name);
    }
  });

  it('finds a concelho whatever its case, accents, hyphens and spaces', () => {
    expect(isConcelho('Almada')).toBe(true);
    expect(isConcelho('  vila   nova DE gaia ')).toBe(true);
    expect(canonicalConcelho('ILHAVO')).toBe('Ílhavo');
    expect(canonicalConcelho('idanha a nova')).toBe('Idanha-a-Nova');
    expect(canonicalConcelho('santarem')).toBe('Santarém');
    expect(canonicalConcelho('Freixo de Espada a Cinta')).toBe('Freixo de Espada à Cinta');
    expect(isConcelho('Vilamoura')).toBe(false);
    expect(isConcelho('')).toBe(false);
    expect(canonicalConcelho('Lisboa - Alvalade')).toBeNull();
  });

  it('answers the distrito of a concelho, null when the name exists twice', () => {
    expect(distritoOf('Almada')).toBe('Setúbal');
    expect(distritoOf('vila nova de gaia')).toBe('Porto');
    expect(distritoOf('Funchal')).toBe('Madeira');
    expect(distritoOf('Ponta Delgada')).toBe('Açores');
    expect(distritoOf('Odivelas')).toBe('Lisboa');
    expect(distritoOf('Lagoa')).toBeNull();
    expect(distritoOf('Calheta')).toBeNull();
    expect(isConcelho('Lagoa')).toBe(true);
    expect(isConcelhoOf('lagoa', 'Faro')).toBe(true);
    expect(isConcelhoOf('Lagoa', 'Região Autónoma dos Açores')).toBe(true);
    expect(isConcelhoOf('Lagoa', 'Madeira')).toBe(false);
    expect(distritoOf('Atlântida')).toBeNull();
  });

  it('lists the concelhos of a distrito by any spelling of its name', () => {
    expect(concelhosOf('setubal')).toContain('Almada');
    expect(concelhosOf('Região Autónoma da Madeira')).toContain('Porto Santo');
    expect(canonicalDistrito('EVORA')).toBe('Évora');
    expect(concelhosOf('Atlântida')).toEqual([]);
    // A copy: the caller may sort or change it.
    concelhosOf('Lisboa').pop();
    expect(concelhosOf('Lisboa')).toHaveLength(16);
  });
});
