import { z } from 'zod';
import { validationMessages as m } from './messages';

/**
 * pt-PT fallback for zod issues that have no message of their own. Schemas in this package word
 * their important messages explicitly; this only covers what is left (and ad-hoc schemas elsewhere).
 */
export function ptPTErrorMap(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? m.fieldRequired : m.invalidValue;
    case 'too_small':
      if (issue.origin === 'string' && issue.minimum === 1) return m.fieldRequired;
      if (issue.origin === 'string') return `Deve ter pelo menos ${String(issue.minimum)} caracteres`;
      if (issue.origin === 'array') return `Selecione pelo menos ${String(issue.minimum)}`;
      return `Deve ser pelo menos ${String(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'string') return m.textTooLong;
      return `Deve ser no máximo ${String(issue.maximum)}`;
    case 'invalid_format':
      if (issue.format === 'email') return m.invalidEmail;
      if (issue.format === 'datetime') return m.invalidDateTime;
      if (issue.format === 'date') return m.invalidDate;
      if (issue.format === 'guid' || issue.format === 'uuid') return m.invalidId;
      return m.invalidValue;
    case 'invalid_value':
      return m.invalidOption;
    case 'not_multiple_of':
      return m.invalidValue;
    case 'unrecognized_keys':
      return m.invalidData;
    default:
      return m.invalidValue;
  }
}

let installed = false;

/** Makes ptPTErrorMap the global zod fallback. Idempotent; zod-setup.ts calls it on import. */
export function installPtPTErrorMap(): void {
  if (installed) return;
  z.config({ customError: ptPTErrorMap });
  installed = true;
}
