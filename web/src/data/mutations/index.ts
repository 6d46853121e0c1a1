import type { MutationName } from '@casa/shared-schema';
import type { ApplyCtx } from './core';
import * as account from './account';
import * as campaigns from './campaigns';
import * as clients from './clients';
import * as followUps from './follow-ups';

export type MutationEffect = (ctx: ApplyCtx, args: unknown) => Promise<void>;

/**
 * The effect of every mutation on a row store: the device runs it optimistically (and again when it
 * rebases), the in-process fake server of the tests runs it as the domain function would.
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
};
