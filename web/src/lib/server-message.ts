import { ApiError } from './api';

/** "Server message else {fallback}" (docs/product.md#messages screen messages). */
export function serverMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
