import type { MutationName } from '../index';
import type { ApplyCtx } from './core';
import * as account from './account';
import * as campaigns from './campaigns';
import * as clients from './clients';
import * as followUps from './follow-ups';
import * as properties from './properties';
import * as propertyPhotos from './property-photos';

export { MutationRejection, rejectionMessage, type ApplyCtx, type MutationStore, type Row } from './core';

/** A mutator answers the main row it wrote (or found, on a replay); the device ignores it. */
export type MutationEffect = (ctx: ApplyCtx, args: unknown) => Promise<unknown>;

/**
 * Each mutation, defined once over a row store (docs/sync.md, "Mutations"): the device runs it
 * optimistically on Dexie (and again when it rebases), the server runs it authoritatively over its
 * organization scope with the server-only facts around it (features/sync/sync-mutations.ts).
 */
export const MUTATION_EFFECTS: Record<MutationName, MutationEffect> = {
  createClient: clients.createClient,
  updateClient: clients.updateClient,
  deleteClient: clients.deleteClient,
  setClientTags: clients.setClientTags,
  createTag: clients.createTag,
  addInteraction: followUps.addInteraction,
  createFollowUp: followUps.createFollowUp,
  updateFollowUp: followUps.updateFollowUp,
  completeFollowUp: followUps.completeFollowUp,
  deleteFollowUp: followUps.deleteFollowUp,
  recordVisitFeedback: followUps.recordVisitFeedback,
  logColdCall: campaigns.logColdCall,
  createCampaign: campaigns.createCampaign,
  deleteCampaign: campaigns.deleteCampaign,
  addCampaignClient: campaigns.addCampaignClient,
  removeCampaignClient: campaigns.removeCampaignClient,
  markNotificationRead: account.markNotificationRead,
  markAllNotificationsRead: account.markAllNotificationsRead,
  updateSettings: account.updateSettings,
  updateNotificationPreferences: account.updateNotificationPreferences,
  updateProfile: account.updateProfile,
  createProperty: properties.createProperty,
  updateProperty: properties.updateProperty,
  deleteProperty: properties.deleteProperty,
  reorderPropertyPhotos: propertyPhotos.reorderPropertyPhotos,
  setPropertyPhotoCover: propertyPhotos.setPropertyPhotoCover,
  deletePropertyPhoto: propertyPhotos.deletePropertyPhoto,
};
