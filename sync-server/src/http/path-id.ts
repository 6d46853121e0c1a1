import { uuidSchema } from '@casa/shared-schema';
import { notFound } from './errors';

/** A path or payload id: anything that is not a uuid is simply not found (`message`, the 404's text). */
export function idOf(value: unknown, message: string): string {
  const parsed = uuidSchema.safeParse(value);
  if (!parsed.success) throw notFound(message);
  return parsed.data;
}
