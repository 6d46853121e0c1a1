import { z } from 'zod';
import { DEFAULT_TAG_COLOR } from '../enums';
import { validationMessages as m } from '../messages';
import { hexColorSchema, safeString, syncColumns, uuidSchema } from '../primitives';

export const tagSchema = z.object({
  ...syncColumns,
  name: z.string(),
  color: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;

/** The longest tag name (characters, after trimming). */
export const TAG_NAME_MAX = 50;

const tagName = safeString({ error: m.tagNameRequired })
  .trim()
  .min(1, { error: m.tagNameRequired })
  .max(TAG_NAME_MAX, { error: m.textTooLong });

/** POST /api/tags and 'tag.create'. */
export const tagCreateSchema = z.object({
  id: uuidSchema.optional(),
  name: tagName,
  color: hexColorSchema.default(DEFAULT_TAG_COLOR),
});
export type TagCreate = z.infer<typeof tagCreateSchema>;

export const tagUpdateSchema = z.object({ name: tagName, color: hexColorSchema }).partial();
export type TagUpdate = z.infer<typeof tagUpdateSchema>;
