import type { Knex } from 'knex';
import { uuidSchema, type MutationName } from '@casa/shared-schema';
import type { DomainCtx } from '../../http/context';
import {
  createCampaign,
  deleteCampaign,
  addCampaignClient,
  removeCampaignClient,
} from '../campaigns/campaigns.domain';
import { createClient, deleteClient, updateClient } from '../clients/clients.domain';
import { logColdCall } from '../cold-calls/cold-calls.domain';
import {
  completeFollowUp,
  createFollowUp,
  deleteFollowUp,
  recordVisitFeedback,
  updateFollowUp,
} from '../follow-ups/follow-ups.domain';
import { addInteraction } from '../interactions/interactions.domain';
import {
  markAllNotificationsRead,
  markNotificationRead,
  updateNotificationPreferences,
} from '../notifications/notifications.domain';
import { updateProfileFromQueue } from '../profile/profile.domain';
import { createProperty, deleteProperty, updateProperty } from '../properties/properties.domain';
import {
  deletePropertyPhoto,
  reorderPropertyPhotos,
  setPropertyPhotoCover,
} from '../property-photos/property-photos.domain';
import { createTag, setClientTags } from '../tags/tags.domain';
import { updateSettings } from '../user-settings/user-settings.domain';

type Row = Record<string, unknown>;
export type Mutator = (ctx: DomainCtx, args: unknown) => Promise<unknown>;

/**
 * Each mutation name → the domain function its REST route calls (same validation, permissions, tenancy):
 * every one a thin wrapper running the shared mutator (shared-schema/src/mutators, mutators.service.ts)
 * with its server-only steps (docs/sync.md "Mutations are defined once"). Only updateProfile differs
 * from its route: a queued change carries no password, so it never moves the login email.
 */
export const MUTATORS: Record<MutationName, Mutator> = {
  createClient,
  updateClient,
  deleteClient,
  setClientTags,
  createTag: async (ctx, args) => (await createTag(ctx, args)).tag,
  addInteraction,
  createFollowUp,
  updateFollowUp,
  completeFollowUp,
  deleteFollowUp,
  logColdCall,
  createCampaign,
  deleteCampaign,
  addCampaignClient,
  removeCampaignClient,
  markNotificationRead,
  markAllNotificationsRead,
  updateSettings,
  updateNotificationPreferences,
  updateProfile: updateProfileFromQueue,
  createProperty,
  updateProperty,
  deleteProperty,
  recordVisitFeedback,
  reorderPropertyPhotos,
  setPropertyPhotoCover,
  deletePropertyPhoto,
};

const field = (args: unknown, key: string): unknown => (args as Row | null | undefined)?.[key];
/** Only a uuid is looked up: Postgres refuses to compare a uuid column with other text (a poison error). */
const isId = (value: unknown): value is string => uuidSchema.safeParse(value).success;

/** A soft-deleted row of the organization with this id exists (so a 404 on delete means "already gone"). */
async function deletedRow(db: Knex, organizationId: string, table: string, id: unknown): Promise<boolean> {
  if (!isId(id)) return false;
  const row = await db(table)
    .where({ id, organization_id: organizationId })
    .whereNotNull('deleted_at')
    .first('id');
  return Boolean(row);
}

/**
 * For the deletes: true when the 404 the domain answered means the row was already deleted (by this
 * device's earlier delete whose answer was lost, or by another member) — the device wanted it gone and
 * it is, so the mutation counts as applied. An id that never existed in the organization stays rejected.
 */
export async function alreadyGone(
  db: Knex,
  organizationId: string,
  name: MutationName,
  args: unknown,
): Promise<boolean> {
  switch (name) {
    case 'deleteClient':
      return deletedRow(db, organizationId, 'clients', field(args, 'id'));
    case 'deleteProperty':
      return deletedRow(db, organizationId, 'properties', field(args, 'id'));
    case 'deletePropertyPhoto':
      return deletedRow(db, organizationId, 'property_photos', field(args, 'photoId'));
    case 'deleteFollowUp':
      return deletedRow(db, organizationId, 'follow_ups', field(args, 'id'));
    case 'deleteCampaign':
      return deletedRow(db, organizationId, 'cold_call_campaigns', field(args, 'id'));
    case 'removeCampaignClient': {
      const campaignId = field(args, 'campaignId');
      const clientId = field(args, 'clientId');
      if (await deletedRow(db, organizationId, 'cold_call_campaigns', campaignId)) return true;
      if (!isId(campaignId) || !isId(clientId)) return false;
      const removed = await db('campaign_clients')
        .where({ organization_id: organizationId, campaign_id: campaignId, client_id: clientId })
        .whereNotNull('deleted_at')
        .first('id');
      return Boolean(removed);
    }
    default:
      return false;
  }
}
