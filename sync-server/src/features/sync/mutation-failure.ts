import { ZodError } from 'zod';
import { errorMessages, ErrorCode, type MutationError } from '@casa/shared-schema';
import { toAppError } from '../../http/error-handler';
import { AppError } from '../../http/errors';

/**
 * What to do with an error raised while one pushed mutation was applied (docs/sync.md "Rejections do
 * not jam the queue"):
 * - `transient`: the fault is the server's of the moment (database unreachable, lock or statement
 *   timeout, serialization failure, disk full): nothing is recorded, the push answers 503 and the device
 *   sends the same mutation again later.
 * - `rejected`: the same mutation would fail the same way on every retry (a domain refusal, or data the
 *   database refuses: an encoding, range or constraint error, a malformed or too deep JSON, a TypeError
 *   on odd input): it is recorded as that mutation's rejection with a pt-PT message and the queue moves on.
 *
 * Transient is the short, known list; anything else is a rejection, so no unknown error can ever jam a
 * device's queue (a rejection is visible to the user; a jam is not).
 */
export type MutationFailure =
  | { kind: 'transient' }
  | {
      kind: 'rejected';
      error: MutationError;
      /** not the user's data: a server fault worth a look */ unexpected: boolean;
    };

type DriverError = Error & { code?: unknown; errno?: unknown };

/** Postgres SQLSTATEs (or classes) of faults that pass: connection, resources, locks, shutdown. */
const PG_TRANSIENT = [
  /^08/, // connection exception
  /^40001$/, // serialization_failure
  /^40P01$/, // deadlock_detected
  /^53/, // insufficient resources (disk full, out of memory, too many connections)
  /^55P03$/, // lock_not_available (lock_timeout)
  /^57/, // operator intervention: query_canceled (statement_timeout), admin/crash shutdown, cannot connect now
  /^58/, // system error (I/O)
  /^XX/, // internal error: the server's state, not the mutation's data
];

/** Postgres classes of data the database refuses, whatever the moment: the mutation's own fault. */
const PG_DATA = [/^22/, /^54/]; // data exception (U+0000, out of range, invalid text); program limit (too deep)
const PG_CONSTRAINT = /^23/; // integrity constraint violation

/** SQLite result codes (better-sqlite3 `code`) of faults that pass. */
const SQLITE_TRANSIENT =
  /^SQLITE_(BUSY|LOCKED|IOERR|FULL|NOMEM|CANTOPEN|PROTOCOL|INTERRUPT|READONLY|CORRUPT|NOTADB|AUTH|PERM)/;
const SQLITE_CONSTRAINT = /^SQLITE_CONSTRAINT/;

/** Node network errors and the drivers' "connection gone" errors (which carry no SQLSTATE). */
const NODE_TRANSIENT =
  /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)$/;
const CONNECTION_GONE =
  /connection terminated|connection is not open|not queryable|timeout acquiring a connection|pool is probably full|client was closed|database connection is not open/i;

const PG_SQLSTATE = /^[0-9A-Z]{5}$/;

export function isTransientFault(err: unknown): boolean {
  if (err instanceof AppError) return err.status === 503;
  if (!(err instanceof Error)) return false;
  const { code } = err as DriverError;
  if (typeof code === 'string') {
    if (NODE_TRANSIENT.test(code)) return true;
    if (code.startsWith('SQLITE_')) return SQLITE_TRANSIENT.test(code);
    if (PG_SQLSTATE.test(code)) return PG_TRANSIENT.some((re) => re.test(code));
  }
  return err.name === 'KnexTimeoutError' || CONNECTION_GONE.test(err.message);
}

const rejection = (code: ErrorCode, status: number, message: string): MutationError => ({
  message,
  code,
  status,
});

export function classifyMutationFailure(err: unknown): MutationFailure {
  if (isTransientFault(err)) return { kind: 'transient' };
  if (err instanceof AppError || err instanceof ZodError) {
    const appError = toAppError(err);
    if (appError.status < 500) {
      const error: MutationError = {
        message: appError.message,
        code: appError.code,
        status: appError.status,
      };
      if (appError.fieldErrors) error.fieldErrors = appError.fieldErrors;
      return { kind: 'rejected', error, unexpected: false };
    }
  }
  const code = String((err as DriverError | undefined)?.code ?? '');
  if (PG_CONSTRAINT.test(code) || SQLITE_CONSTRAINT.test(code)) {
    return {
      kind: 'rejected',
      error: rejection(ErrorCode.CONFLICT, 409, errorMessages.syncMutationConstraint),
      unexpected: false,
    };
  }
  const dataError =
    PG_DATA.some((re) => re.test(code)) ||
    /^SQLITE_(ERROR|MISMATCH|TOOBIG|RANGE)$/.test(code) ||
    err instanceof TypeError ||
    err instanceof RangeError;
  if (dataError) {
    return {
      kind: 'rejected',
      error: rejection(ErrorCode.VALIDATION, 400, errorMessages.syncMutationInvalidData),
      unexpected: false,
    };
  }
  // A fault of the server's code (or one unknown here): still recorded, so the device is never stuck.
  return {
    kind: 'rejected',
    error: rejection(ErrorCode.INTERNAL, 500, errorMessages.syncMutationFailed),
    unexpected: true,
  };
}
