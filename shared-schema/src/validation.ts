import type { z } from 'zod';
import { validationMessages as m } from './messages';

type Issue = z.core.$ZodIssue;

function deepestMessage(issue: Issue): string {
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const nested = issue.errors.find((list) => list.length > 0)?.[0];
    if (nested) return deepestMessage(nested);
  }
  return issue.message;
}

function pathKey(path: readonly PropertyKey[]): string {
  return path.map((p) => (typeof p === 'symbol' ? p.toString() : String(p))).join('.');
}

/** The first issue's message, for the `message` of a 400 answer. Never empty. */
export function firstIssueMessage(error: z.ZodError): string {
  const first = error.issues[0];
  const message = first ? deepestMessage(first).trim() : '';
  return message === '' ? m.invalidData : message;
}

/** Path ('customFields.budget') → first message at that path. Root-level issues are left out. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = pathKey(issue.path);
    if (key === '' || key in out) continue;
    out[key] = deepestMessage(issue) || m.invalidData;
  }
  return out;
}

/** Shape of the 400 answer body for a failed parse. */
export function validationErrorBody(error: z.ZodError): {
  message: string;
  code: 'validation';
  fieldErrors: Record<string, string>;
} {
  return { message: firstIssueMessage(error), code: 'validation', fieldErrors: fieldErrorsOf(error) };
}
