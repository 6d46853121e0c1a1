import { ApiError } from '../../lib/api';

/** "Server message else {fallback}" (spec 1 §8 screen messages). */
export function serverMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
