import { z } from 'zod';
import { followUpSchema } from '../entities/follow-up';

/** An item of GET /api/followups and GET /api/followups/today: the follow-up, its client's name, overdue. */
export const followUpListItemSchema = followUpSchema.extend({
  clientName: z.string().nullable(),
  /** Derived: not completed and scheduled before now. */
  overdue: z.boolean(),
});
export type FollowUpListItem = z.infer<typeof followUpListItemSchema>;
