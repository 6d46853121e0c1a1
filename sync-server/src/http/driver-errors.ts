/**
 * Database errors that a value sent by the client causes, not the server: answered 400 (and recorded as a
 * mutation's rejection in a push) instead of 500. The schemas refuse such values first; this is the
 * defence in depth for a field they miss (issue 17).
 */

/**
 * Postgres SQLSTATE class 22 (data exception: invalid byte sequence 22021, unsupported Unicode escape
 * 22P05, value too long 22001, numeric out of range 22003, invalid text representation 22P02, …) and
 * 54000/54001 (a value too large or too deeply nested for the server to handle).
 */
const PG_INPUT_FAULT = /^(22[0-9A-Z]{3}|54000|54001)$/;

/** better-sqlite3 messages raised by a stored or sent value: malformed or too-deep JSON, a too-big value. */
const SQLITE_INPUT_FAULT = /malformed JSON|JSON nested too deep|string or blob too big/i;

type DriverError = Error & { code?: unknown; severity?: unknown };

/** True when `err` is a driver error caused by the data of the request. */
export function isInputDriverError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const { code, severity } = err as DriverError;
  if (typeof code !== 'string') return false;
  // node-postgres errors carry a severity and a five-character SQLSTATE.
  if (typeof severity === 'string') return PG_INPUT_FAULT.test(code);
  if (code === 'SQLITE_TOOBIG') return true;
  return code.startsWith('SQLITE_') && SQLITE_INPUT_FAULT.test(err.message);
}
