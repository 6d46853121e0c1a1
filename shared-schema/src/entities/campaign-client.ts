import { z } from 'zod';
import { clientSchema } from './client';
import { isoDateTimeSchema, syncColumns, uuidSchema } from '../primitives';

/** Membership of a client in a cold-call campaign (table campaign_clients). */
export const campaignClientSchema = z.object({
  ...syncColumns,
  campaignId: uuidSchema,
  clientId: uuidSchema,
});
export type CampaignClient = z.infer<typeof campaignClientSchema>;

export const campaignClientCreateSchema = z.object({
  id: uuidSchema.optional(),
  campaignId: uuidSchema,
  clientId: uuidSchema,
});
export type CampaignClientCreate = z.infer<typeof campaignClientCreateSchema>;

export const campaignClientUpdateSchema = campaignClientCreateSchema.omit({ id: true }).partial();

const campaignListClientSchema = clientSchema.extend({
  lastContactDate: isoDateTimeSchema.nullable().optional(),
});

/** GET /api/campaigns/{id}/clients. */
export const campaignClientsResponseSchema = z.object({
  available: z.array(campaignListClientSchema),
  contacted: z.array(campaignListClientSchema),
});
export type CampaignClientsResponse = z.infer<typeof campaignClientsResponseSchema>;
