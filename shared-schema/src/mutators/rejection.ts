// A refused write, without zod: the web app's start reads it through '@casa/shared-schema/values' (values.ts,
// docs/decisions.md); the mutators (core.ts) throw it.
import type { MutationError } from '../index';

/** A refusal with the server's answer: status, ErrorCode, pt-PT message. */
export class MutationRejection extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors?: Record<string, string>;

  constructor(status: number, code: string, message: string, fieldErrors?: Record<string, string>) {
    super(message);
    this.name = 'MutationRejection';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }

  toMutationError(): MutationError {
    return {
      message: this.message,
      code: this.code,
      status: this.status,
      ...(this.fieldErrors ? { fieldErrors: this.fieldErrors } : {}),
    };
  }
}

/**
 * A refused write's pt-PT message (the server's or the shared schema's), for a toast's description;
 * anything else (or a refusal without text) answers `fallback`.
 */
export function rejectionMessage(error: unknown): string | undefined;
export function rejectionMessage(error: unknown, fallback: string): string;
export function rejectionMessage(error: unknown, fallback?: string): string | undefined {
  return error instanceof MutationRejection && error.message ? error.message : fallback;
}
