import { describe, expect, it } from 'vitest';
import { toAppError } from './error-handler';
import { isInputDriverError } from './driver-errors';

const pgError = (code: string) => Object.assign(new Error('pg'), { code, severity: 'ERROR' });
const sqliteError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('isInputDriverError', () => {
  it('recognizes the Postgres data exceptions a sent value causes', () => {
    for (const code of ['22021', '22P05', '22001', '22003', '22P02', '54001']) {
      expect(isInputDriverError(pgError(code)), code).toBe(true);
    }
    for (const code of ['23505', '40001', '57P01', '42P01', '08006']) {
      expect(isInputDriverError(pgError(code)), code).toBe(false);
    }
  });

  it('recognizes SQLite JSON and size refusals, not other SQLite errors', () => {
    expect(isInputDriverError(sqliteError('SQLITE_ERROR', 'malformed JSON'))).toBe(true);
    expect(isInputDriverError(sqliteError('SQLITE_TOOBIG', 'string or blob too big'))).toBe(true);
    expect(isInputDriverError(sqliteError('SQLITE_ERROR', 'no such table: x'))).toBe(false);
    expect(isInputDriverError(sqliteError('SQLITE_BUSY', 'database is locked'))).toBe(false);
    expect(isInputDriverError(new Error('malformed JSON'))).toBe(false);
  });

  it('makes the error handler answer a pt-PT 400 instead of 500', () => {
    const appError = toAppError(pgError('22021'));
    expect(appError.status).toBe(400);
    expect(appError.message).toBe('Os dados enviados não são válidos.');
    expect(toAppError(pgError('40001')).status).toBe(500);
  });
});
