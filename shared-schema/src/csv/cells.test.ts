import { describe, expect, it } from 'vitest';
import {
  formatCsvNumber,
  parseCsvDate,
  parseCsvNumber,
  phoneCsvCell,
  protectCsvCell,
  unprotectCsvCell,
} from './cells';

describe('parseCsvNumber', () => {
  it.each([
    ['250000', 250000],
    ['250000,50', 250000.5],
    ['1 250 000,50', 1250000.5],
    ['1\u00a0250\u00a0000,50', 1250000.5],
    ['1\u202f250\u202f000,50', 1250000.5], // what Intl pt-PT writes
    ['1.250.000,50', 1250000.5],
    ['1.250.000', 1250000],
    ['250.000', 250000],
    ['1,250,000.50', 1250000.5],
    ['1,250,000', 1250000],
    ['250 000 €', 250000],
    ['€ 1.250,00', 1250],
    ['-5,5', -5.5],
    ['3,5 %', 3.5],
    ['3.5', 3.5],
    ['0.125', 0.125],
    ['12.5000', 12.5],
    ['0', 0],
  ])('%s → %d', (cell, value) => {
    expect(parseCsvNumber(cell)).toBe(value);
  });

  it.each(['muito', '', '1.2.3', '12 34', '1 250,000,50', '1.25.000', '1,2,3', '--5', '5-', '1e5', '0x10'])(
    'refuses %j',
    (cell) => {
      expect(parseCsvNumber(cell)).toBeUndefined();
    },
  );

  it('reads back every number the export writes', () => {
    for (const n of [0, 1, -5.5, 250000.5, 1000000, 0.01, 123456789.12]) {
      expect(parseCsvNumber(formatCsvNumber(n))).toBe(n);
    }
  });
});

describe('parseCsvDate', () => {
  it('reads dd/mm/aaaa and ISO dates', () => {
    expect(parseCsvDate('29/02/1980')).toBe('1980-02-29');
    expect(parseCsvDate('5/3/1980')).toBe('1980-03-05');
    expect(parseCsvDate('05.03.1980')).toBe('1980-03-05');
    expect(parseCsvDate('05-03-1980')).toBe('1980-03-05');
    expect(parseCsvDate('1980-03-05')).toBe('1980-03-05');
    expect(parseCsvDate('1980-03-05T00:00:00.000Z')).toBe('1980-03-05');
  });

  it('leaves anything else for the schema to refuse', () => {
    expect(parseCsvDate('ontem')).toBe('ontem');
    expect(parseCsvDate('31/02/1980')).toBe('1980-02-31');
  });
});

describe('phone and formula guard', () => {
  it('writes a phone as Excel text and reads it back exactly', () => {
    for (const phone of [
      '+351 912 345 678',
      '+351912345678',
      '912000000',
      '(+351) 21 000 0000',
      '00351-21.000',
    ]) {
      const cell = phoneCsvCell(phone);
      expect(cell).toMatch(/^="[^"]*"$/);
      expect(unprotectCsvCell(cell)).toBe(phone);
    }
    expect(phoneCsvCell('+351 912 345 678')).toBe('="+351 912 345 678"');
  });

  it('keeps the apostrophe guard for anything in a phone that is not only digits and separators', () => {
    for (const value of ['-1', '\t912000000', '+1+cmd|/C calc!A0', '+351 "91"', '=1+1', '@SUM(A1)']) {
      const cell = phoneCsvCell(value);
      expect(cell.startsWith("'")).toBe(true);
      expect(unprotectCsvCell(cell)).toBe(value);
    }
  });

  it('undoes exactly what the exporter did, even for text that looks like its own guard', () => {
    for (const value of ['=HYPERLINK("x")', "'=já", '="x"', "'", 'a', '-', '+', '@']) {
      expect(unprotectCsvCell(protectCsvCell(value))).toBe(value);
    }
  });
});
