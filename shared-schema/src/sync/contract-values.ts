/**
 * The sync contract's plain values (docs/sync.md): the mutation names, the live path, the page bounds and
 * the sync error codes, without zod (`@casa/shared-schema/values`), for the device's sync engine on a
 * start that evaluates no schema (issue 19). The schemas of the wire shapes are in contract.ts.
 */

/** Every write an agent can make offline. Args are what the domain function of the same name parses. */
export const MUTATION_NAMES = [
  'createClient',
  'updateClient',
  'deleteClient',
  'setClientTags',
  'createTag',
  'addInteraction',
  'createFollowUp',
  'updateFollowUp',
  'completeFollowUp',
  'deleteFollowUp',
  'logColdCall',
  'createCampaign',
  'deleteCampaign',
  'addCampaignClient',
  'removeCampaignClient',
  'markNotificationRead',
  'markAllNotificationsRead',
  'updateSettings',
  'updateNotificationPreferences',
  'updateProfile',
  'createProperty',
  'updateProperty',
  'deleteProperty',
  'recordVisitFeedback',
  'reorderPropertyPhotos',
  'setPropertyPhotoCover',
  'deletePropertyPhoto',
] as const;
/** A write's name (`MUTATION_NAMES`). */
export type MutationName = (typeof MUTATION_NAMES)[number];

/** The live stream (docs/sync.md "Live pokes"): server-sent events telling a device to pull now. */
export const SYNC_LIVE_PATH = '/api/sync/live';

/** Page size bounds of a pull. */
export const SYNC_PULL_DEFAULT_LIMIT = 1000;
export const SYNC_PULL_MAX_LIMIT = 5000;
/** Most mutations one push may carry; a longer outbox goes up in several pushes. */
export const SYNC_PUSH_MAX_MUTATIONS = 200;

/** Error codes specific to sync (answered with the usual {message, code} body). */
export const SYNC_ERROR_CODES = {
  /** 409: the first mutationId of the push is beyond lastMutationId + 1; body has lastMutationId. */
  gap: 'SYNC_MUTATION_GAP',
  /** 403: the clientId is registered to another user. */
  foreignClient: 'SYNC_FOREIGN_CLIENT',
} as const;
