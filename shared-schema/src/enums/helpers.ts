import { z } from 'zod';
import { validationMessages } from '../messages';

/** Builds a zod enum whose failure message is pt-PT. */
export function ptEnum<const T extends readonly [string, ...string[]]>(
  values: T,
  message: string = validationMessages.invalidOption,
) {
  return z.enum(values, { error: message });
}
