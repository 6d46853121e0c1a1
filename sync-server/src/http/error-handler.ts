import { ZodError } from 'zod';
import { errorMessages, ErrorCode, fieldErrorsOf, firstIssueMessage } from '@casa/shared-schema';
import { isInputDriverError } from './driver-errors';
import { AppError } from './errors';
import type { AppMiddleware } from './types';

type HttpishError = Error & { status?: number; statusCode?: number; type?: string; expose?: boolean };

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ErrorCode.BAD_REQUEST,
  401: ErrorCode.UNAUTHENTICATED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  409: ErrorCode.CONFLICT,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCode.RATE_LIMITED,
};

/** Turns anything thrown into an AppError; unknown errors become a 500 that reveals nothing. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) {
    return new AppError(ErrorCode.VALIDATION, firstIssueMessage(err), { fieldErrors: fieldErrorsOf(err) });
  }
  const e = err as HttpishError;
  // Errors from co-body / raw-body (JSON body parser) and ctx.throw().
  // co-body marks a JSON syntax error as a SyntaxError with status 400 (raw-body errors carry a type).
  if (e?.type === 'entity.parse.failed' || (e instanceof SyntaxError && e.status === 400))
    return new AppError(ErrorCode.BAD_REQUEST, errorMessages.invalidJson);
  const status = e?.status ?? e?.statusCode;
  if (e?.type === 'entity.too.large' || status === 413) {
    return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, errorMessages.payloadTooLarge);
  }
  if (e?.type === 'encoding.unsupported' || status === 415) {
    return new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, errorMessages.unsupportedMediaType);
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = CODE_BY_STATUS[status] ?? ErrorCode.BAD_REQUEST;
    return new AppError(code, undefined, { status });
  }
  if (isInputDriverError(err)) return new AppError(ErrorCode.BAD_REQUEST, errorMessages.invalidInputData);
  return new AppError(ErrorCode.INTERNAL, errorMessages.internal);
}

/** Every error answers JSON `{message, error, code, fieldErrors?}`; 5xx are logged with their stack. */
export function errorHandler(): AppMiddleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const appError = toAppError(err);
      // Maintenance mode answers 503 on purpose: not a server fault.
      if (appError.status >= 500 && appError.code !== ErrorCode.MAINTENANCE) {
        ctx.state.log?.error({ err }, 'unhandled error');
      } else if (isInputDriverError(err)) {
        // Refused, but a schema let the value through: worth a look.
        ctx.state.log?.warn({ err }, 'database refused a value of the request');
      } else {
        ctx.state.log?.debug({ code: appError.code, msg: appError.message }, 'request rejected');
      }
      if (ctx.headerSent || !ctx.writable) return;
      for (const [name, value] of Object.entries(appError.headers ?? {})) ctx.set(name, value);
      ctx.status = appError.status;
      ctx.body = appError.toBody();
    }
  };
}
