import { z } from 'zod';
import { clientTypeSchema } from '../enums';
import { validationMessages as m } from '../messages';
import { DEFAULT_CAMPAIGN_TARGET } from './campaign-rules';
import {
  blankToNull,
  boundedJson,
  centsAmountSchema,
  optionalText,
  safeString,
  syncColumns,
  uuidSchema,
  type JsonLimits,
} from '../primitives';

const optionalInt = (min: number, max: number) =>
  blankToNull(
    z.preprocess(
      (v) => (typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: m.invalidInteger })
        .int({ error: m.invalidInteger })
        .min(min, { error: m.invalidValue })
        .max(max, { error: m.invalidValue }),
    ),
  );

/** List-generator filters (docs/product.md#cold-calls). 'all'/'Todos'/'' type and 'any' last contact mean no filter. */
export const campaignFiltersSchema = z.object({
  clientType: z
    .preprocess((v) => (v === 'all' || v === 'Todos' || v === '' ? null : v), clientTypeSchema.nullable())
    .optional(),
  minRating: optionalInt(0, 5),
  hasPhone: z.boolean().optional(),
  zone: optionalText(200),
  minBudget: blankToNull(centsAmountSchema),
  maxBudget: blankToNull(centsAmountSchema),
  lastContactDays: z.preprocess((v) => (v === 'any' ? null : v), optionalInt(1, 36_500)),
});
export type CampaignFilters = z.infer<typeof campaignFiltersSchema>;

/** Filters are a flat object of seven keys: anything nested or long is refused before it is parsed. */
export const CAMPAIGN_FILTERS_LIMITS = {
  maxDepth: 1,
  maxKeys: 20,
  maxBytes: 2048,
} as const satisfies JsonLimits;
const boundedFiltersSchema = boundedJson(campaignFiltersSchema, CAMPAIGN_FILTERS_LIMITS);

export const campaignSchema = z.object({
  ...syncColumns,
  agentId: uuidSchema.nullable(),
  name: z.string(),
  description: z.string().nullable(),
  filters: campaignFiltersSchema,
  targetCount: z.number().int(),
  completedCount: z.number().int(),
  status: z.string(),
  createdBy: uuidSchema.nullable(),
  // Display extras.
  totalClients: z.number().int().optional(),
  totalCalls: z.number().int().optional(),
});
export type Campaign = z.infer<typeof campaignSchema>;

const campaignFields = {
  name: safeString({ error: m.campaignNameRequired })
    .trim()
    .min(1, { error: m.campaignNameRequired })
    .max(200, { error: m.textTooLong }),
  description: optionalText(2000, 'multiline'),
  filters: boundedFiltersSchema,
  targetCount: z
    .number({ error: m.targetCountMin1 })
    .int({ error: m.invalidInteger })
    .min(1, { error: m.targetCountMin1 })
    .max(100_000, { error: m.invalidValue }),
  status: safeString().trim().min(1).max(30),
};

/**
 * POST /api/campaigns and 'campaign.create'. completedCount, organization, agent, createdBy are server-set.
 * `clientIds`: the members the agent previewed (the list generator's ranking on the device); when given,
 * exactly those of them that still exist become members, in that order, capped at targetCount, so a
 * campaign built offline keeps the list its agent saw. Without it the server ranks the matching clients.
 */
export const campaignCreateSchema = z.object({
  id: uuidSchema.optional(),
  ...campaignFields,
  filters: boundedJson(campaignFiltersSchema.prefault({}), CAMPAIGN_FILTERS_LIMITS),
  targetCount: campaignFields.targetCount.default(DEFAULT_CAMPAIGN_TARGET),
  status: campaignFields.status.default('active'),
  clientIds: z.array(uuidSchema).max(100_000, { error: m.invalidValue }).optional(),
});

/** The previewed members to keep (already checked to exist): first occurrences only, at most targetCount. */
export function chosenCampaignMembers(clientIds: readonly string[], targetCount: number): string[] {
  return [...new Set(clientIds)].slice(0, targetCount);
}
export type CampaignCreate = z.infer<typeof campaignCreateSchema>;

export const campaignUpdateSchema = z.object(campaignFields).partial();
export type CampaignUpdate = z.infer<typeof campaignUpdateSchema>;
