import { z } from 'zod';
import { validationMessages as m } from '../messages';
import { syncColumns, uuidSchema } from '../primitives';

export const clientTagSchema = z.object({
  ...syncColumns,
  clientId: uuidSchema,
  tagId: uuidSchema,
});
export type ClientTag = z.infer<typeof clientTagSchema>;

export const clientTagCreateSchema = z.object({
  id: uuidSchema.optional(),
  clientId: uuidSchema,
  tagId: uuidSchema,
});
export type ClientTagCreate = z.infer<typeof clientTagCreateSchema>;

export const clientTagUpdateSchema = clientTagCreateSchema.omit({ id: true }).partial();
export type ClientTagUpdate = z.infer<typeof clientTagUpdateSchema>;

/** POST /api/clients/{id}/tags: replaces the client's tags with this set. */
export const clientTagsSetSchema = z.object({
  tagIds: z
    .array(uuidSchema, { error: m.invalidData })
    .max(100, { error: m.invalidData })
    .transform((ids) => [...new Set(ids)]),
});
export type ClientTagsSet = z.infer<typeof clientTagsSetSchema>;
