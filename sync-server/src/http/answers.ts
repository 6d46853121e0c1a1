import { z } from 'zod';

/** `{ok: true}`, the answer of deletions and other acknowledgements. */
export const okSchema = z.object({ ok: z.literal(true) });
