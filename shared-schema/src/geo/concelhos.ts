/**
 * PLACEHOLDER (issue 20, properties foundation): a handful of concelhos so properties can be validated
 * and seeded. The complete list (308 concelhos, 18 distritos and the 2 regiões autónomas, with its count
 * test) replaces this file; it keeps these exports: CONCELHOS ({name, distrito}), DISTRITOS, isConcelho.
 */
export type Concelho = { readonly name: string; readonly distrito: string };

export const CONCELHOS: readonly Concelho[] = [
  { name: 'Lisboa', distrito: 'Lisboa' },
  { name: 'Sintra', distrito: 'Lisboa' },
  { name: 'Cascais', distrito: 'Lisboa' },
  { name: 'Oeiras', distrito: 'Lisboa' },
  { name: 'Porto', distrito: 'Porto' },
  { name: 'Vila Nova de Gaia', distrito: 'Porto' },
  { name: 'Matosinhos', distrito: 'Porto' },
  { name: 'Setúbal', distrito: 'Setúbal' },
  { name: 'Almada', distrito: 'Setúbal' },
  { name: 'Seixal', distrito: 'Setúbal' },
  { name: 'Braga', distrito: 'Braga' },
  { name: 'Guimarães', distrito: 'Braga' },
  { name: 'Faro', distrito: 'Faro' },
  { name: 'Loulé', distrito: 'Faro' },
  { name: 'Portimão', distrito: 'Faro' },
];

export const DISTRITOS: readonly string[] = [...new Set(CONCELHOS.map((c) => c.distrito))];

export function isConcelho(name: string): boolean {
  return CONCELHOS.some((c) => c.name === name);
}
