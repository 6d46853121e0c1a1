import { z } from 'zod';
import { validationMessages } from '../messages';

/** Builds a zod enum whose failure message is pt-PT. */
export function ptEnum<const T extends readonly [string, ...string[]]>(
  values: T,
  message: string = validationMessages.invalidOption,
) {
  return z.enum(values, { error: message });
}

export function identityLabels<const T extends readonly string[]>(values: T): Record<T[number], string> {
  return Object.fromEntries(values.map((v) => [v, v])) as Record<T[number], string>;
}

export function uniq<const T extends readonly string[]>(values: T): T {
  return [...new Set(values)] as unknown as T;
}
