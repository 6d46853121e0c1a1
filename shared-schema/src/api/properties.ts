import { z } from 'zod';
import {
  propertyBusinessSchema,
  propertyStatusSchema,
  propertyTypeSchema,
  propertyTypologySchema,
} from '../enums';
import { validationMessages as m } from '../messages';
import { uuidSchema } from '../primitives';

const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankIsAbsent, schema.optional());
const centsParam = optional(
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z.number({ error: m.invalidAmount }).int({ error: m.invalidAmount }).min(0, { error: m.nonNegative }),
  ),
);

/**
 * Query of GET /api/properties: every filter optional and combined with AND; `q` matches reference,
 * title, street, concelho and freguesia without accents or case. Newest first; `limit` and `after` (the
 * id of the last property received) page it by keyset.
 */
export const propertyListQuerySchema = z.object({
  business: optional(propertyBusinessSchema),
  propertyType: optional(propertyTypeSchema),
  typology: optional(propertyTypologySchema),
  status: optional(propertyStatusSchema),
  concelho: optional(z.string().max(100, { error: m.textTooLong })),
  agentId: optional(uuidSchema),
  ownerClientId: optional(uuidSchema),
  priceMin: centsParam,
  priceMax: centsParam,
  q: optional(z.string().max(200, { error: m.textTooLong })),
  limit: optional(
    z.preprocess(
      (v) => (typeof v === 'string' ? Number(v) : v),
      z.number({ error: m.invalidInteger }).int({ error: m.invalidInteger }).min(1).max(10_000),
    ),
  ),
  after: optional(uuidSchema),
});
export type PropertyListQuery = z.infer<typeof propertyListQuerySchema>;
