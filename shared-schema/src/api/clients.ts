import { z } from 'zod';
import { clientSchema, clientWithInteractionsSchema } from '../entities/client';
import { interactionSchema } from '../entities/interaction';
import { tagSchema } from '../entities/tag';
import { validationMessages as m } from '../messages';
import { isoDateTimeSchema, uuidSchema } from '../primitives';

/** A tag as shown on a client card: GET /api/tags, GET /api/clients/{id}/tags. */
export const tagRefSchema = tagSchema.pick({ id: true, name: true, color: true });
export type TagRef = z.infer<typeof tagRefSchema>;

/**
 * GET /api/clients and GET /api/clients/{id}: the client row (whose `tags` stays the list of names)
 * plus its tags with id and colour and, for the card, the agent's display name.
 */
export const clientListItemSchema = clientSchema.extend({
  tagDetails: z.array(tagRefSchema),
  agentName: z.string().nullable(),
});
export type ClientListItem = z.infer<typeof clientListItemSchema>;

const pageNumber = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' ? undefined : v),
    z
      .number({ error: m.invalidInteger })
      .int({ error: m.invalidInteger })
      .min(0, { error: m.nonNegative })
      .max(max, { error: m.invalidValue })
      .optional(),
  );

/**
 * Query of GET /api/clients: everything by default, newest first; `limit` pages it. The next page is
 * `after` = the id of the last client received (keyset: cost independent of the depth, and no row skipped
 * or repeated when clients are added meanwhile); `offset` still works but costs as much as it skips.
 */
export const clientListQuerySchema = z.object({
  limit: pageNumber(10_000),
  offset: pageNumber(10_000_000),
  after: z.preprocess((v) => (v === '' ? undefined : v), uuidSchema.optional()),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

/** The latest contact of a client: an interaction, or a cold call (type 'Cold Call'). */
export const lastInteractionSchema = z.object({
  type: z.string(),
  result: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type LastInteraction = z.infer<typeof lastInteractionSchema>;

/** GET /api/clients-with-interactions (dashboard). */
export const clientWithLastContactSchema = clientWithInteractionsSchema.extend({
  lastInteraction: lastInteractionSchema.nullable(),
  lastContactDate: isoDateTimeSchema.nullable(),
});
export type ClientWithLastContact = z.infer<typeof clientWithLastContactSchema>;

/** GET /api/interactions/recent (dashboard recent activity). */
export const recentInteractionSchema = interactionSchema.extend({ clientName: z.string().nullable() });
export type RecentInteraction = z.infer<typeof recentInteractionSchema>;

/** How many interactions GET /api/interactions/recent answers. */
export const RECENT_INTERACTIONS_LIMIT = 10;
