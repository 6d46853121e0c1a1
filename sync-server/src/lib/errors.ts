import { defaultMessageOf, ErrorCode, httpStatusOf, type ErrorBody } from '@casa/shared-schema';

/**
 * The one error type routes and domain code throw. `message` is pt-PT text from shared-schema;
 * the error handler turns it into `{message, error, code, fieldErrors?}` with the code's status.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fieldErrors: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message?: string,
    extra: { fieldErrors?: Record<string, string>; headers?: Record<string, string>; status?: number } = {},
  ) {
    super(message ?? defaultMessageOf(code));
    this.name = 'AppError';
    this.code = code;
    this.status = extra.status ?? httpStatusOf(code);
    this.fieldErrors = extra.fieldErrors;
    this.headers = extra.headers;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { message: this.message, error: this.message, code: this.code };
    if (this.fieldErrors) body.fieldErrors = this.fieldErrors;
    return body;
  }
}

type Extra = ConstructorParameters<typeof AppError>[2];

export const badRequest = (message?: string, extra?: Extra) =>
  new AppError(ErrorCode.BAD_REQUEST, message, extra);
export const validationError = (message: string, fieldErrors?: Record<string, string>) =>
  new AppError(ErrorCode.VALIDATION, message, fieldErrors ? { fieldErrors } : {});
export const unauthenticated = (message?: string) => new AppError(ErrorCode.UNAUTHENTICATED, message);
export const forbidden = (message?: string) => new AppError(ErrorCode.FORBIDDEN, message);
export const suspended = (message?: string) => new AppError(ErrorCode.SUSPENDED, message);
export const notFound = (message?: string) => new AppError(ErrorCode.NOT_FOUND, message);
export const conflict = (message?: string) => new AppError(ErrorCode.CONFLICT, message);
export const emailInUse = (message?: string) => new AppError(ErrorCode.EMAIL_IN_USE, message);
export const rateLimited = (message?: string, retryAfterSeconds?: number) =>
  new AppError(
    ErrorCode.RATE_LIMITED,
    message,
    retryAfterSeconds ? { headers: { 'Retry-After': String(retryAfterSeconds) } } : {},
  );
export const payloadTooLarge = (message?: string) => new AppError(ErrorCode.PAYLOAD_TOO_LARGE, message);
export const unsupportedMediaType = (message?: string) =>
  new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, message);
export const csrfRejected = (message?: string) => new AppError(ErrorCode.CSRF, message);
export const protectedResource = (message?: string) => new AppError(ErrorCode.PROTECTED, message);
export const internal = (message?: string) => new AppError(ErrorCode.INTERNAL, message);
