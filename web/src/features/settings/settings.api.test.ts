import { describe, expect, it } from 'vitest';
import { passwordStrength, PASSWORD_STRENGTH_LABELS } from '@casa/shared-schema';
import { ApiError } from '../../lib/api';
import { exportFileName, passwordFailure } from './settings.api';

describe('settings password change failure text (docs/product.md#messages)', () => {
  it('server error first, then message, else the default', () => {
    const fallback = 'Não foi possível alterar a senha.';
    expect(passwordFailure(new ApiError(400, 'x', { error: 'E', message: 'M' }), fallback)).toBe('E');
    expect(passwordFailure(new ApiError(400, 'x', { message: 'M' }), fallback)).toBe('M');
    expect(passwordFailure(new ApiError(500, 'x', 'html'), fallback)).toBe(fallback);
    expect(passwordFailure(new TypeError('offline'), fallback)).toBe(fallback);
  });
});

describe('strength meter scores the settings uses', () => {
  it.each([
    ['', 0],
    ['abc', 1],
    ['abcdefgh', 2],
    ['Abcdefgh', 3],
    ['Abcdefg1', 4],
    ['Abcdefg1!', 5],
    ['Abcdefghij1!', 6],
  ])('%j scores %i', (password, score) => {
    expect(passwordStrength(password).score).toBe(score);
  });

  it('uses the six labels in order', () => {
    expect(PASSWORD_STRENGTH_LABELS).toEqual([
      'Muito Fraca',
      'Fraca',
      'Razoável',
      'Boa',
      'Forte',
      'Muito Forte',
    ]);
    expect(passwordStrength('Abcdefghij1!').label).toBe('Muito Forte');
    expect(passwordStrength('abc').label).toBe('Muito Fraca');
  });
});

describe('export file name', () => {
  it('is dated', () => {
    expect(exportFileName(new Date('2026-11-22T10:00:00Z'))).toBe('casa-crm-dados-2026-11-22.json');
  });
});
