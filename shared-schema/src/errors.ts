import { errorMessages, validationMessages } from './messages';

/** Machine-readable error codes shared by the server, the sync protocol and the web client. */
export const ErrorCode = {
  VALIDATION: 'validation',
  BAD_REQUEST: 'bad_request',
  UNAUTHENTICATED: 'unauthenticated',
  FORBIDDEN: 'forbidden',
  SUSPENDED: 'suspended',
  NOT_FOUND: 'not_found',
  CONFLICT: 'conflict',
  EMAIL_IN_USE: 'email_in_use',
  RATE_LIMITED: 'rate_limited',
  PAYLOAD_TOO_LARGE: 'payload_too_large',
  UNSUPPORTED_MEDIA_TYPE: 'unsupported_media_type',
  CSRF: 'csrf',
  ALREADY_COMPLETED: 'already_completed',
  LIMIT_REACHED: 'limit_reached',
  PROTECTED: 'protected',
  MAINTENANCE: 'maintenance',
  INTERNAL: 'internal',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ERROR_CODES = Object.values(ErrorCode) as readonly ErrorCode[];

const STATUS: Record<ErrorCode, number> = {
  validation: 400,
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  // The web client logs out on a 403 whose message contains 'suspensa'/'suspended' (docs/product.md#accounts).
  suspended: 403,
  not_found: 404,
  conflict: 409,
  email_in_use: 409,
  rate_limited: 429,
  payload_too_large: 413,
  unsupported_media_type: 415,
  csrf: 403,
  already_completed: 409,
  limit_reached: 409,
  protected: 403,
  // Maintenance mode (system settings): everyone but the super admins is kept out.
  maintenance: 503,
  internal: 500,
};

export function httpStatusOf(code: ErrorCode): number {
  return STATUS[code] ?? 500;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** The JSON body of every non-OK API answer. `message` is pt-PT text ready to show. */
export type ErrorBody = {
  message: string;
  error?: string;
  code: ErrorCode;
  fieldErrors?: Record<string, string>;
};

/** Default pt-PT message per code, for answers that carry no more specific text. */
export const ERROR_CODE_MESSAGES: Record<ErrorCode, string> = {
  validation: validationMessages.invalidData,
  bad_request: errorMessages.badRequest,
  unauthenticated: errorMessages.notAuthenticated,
  forbidden: errorMessages.forbidden,
  suspended: errorMessages.accountSuspended,
  not_found: errorMessages.notFound,
  conflict: errorMessages.conflict,
  email_in_use: errorMessages.emailInUse,
  rate_limited: errorMessages.rateLimited,
  payload_too_large: errorMessages.payloadTooLarge,
  unsupported_media_type: errorMessages.unsupportedMediaType,
  csrf: errorMessages.csrfFailed,
  already_completed: errorMessages.followUpAlreadyCompleted,
  limit_reached: errorMessages.limitReached,
  protected: errorMessages.protectedResource,
  maintenance: errorMessages.maintenanceMessageDefault,
  internal: errorMessages.internal,
};

export function defaultMessageOf(code: ErrorCode): string {
  return ERROR_CODE_MESSAGES[code] ?? errorMessages.internal;
}
