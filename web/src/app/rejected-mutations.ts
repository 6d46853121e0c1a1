import type { MutationName } from '@casa/shared-schema';
import { errorMessages as e } from '@casa/shared-schema/values';

/**
 * The screen's error title for a change the server refused after it was queued (offline or not): the same
 * words the screen would have shown had the call failed online (docs/product.md#messages).
 */
export const REJECTION_TITLES: Record<MutationName, string> = {
  createClient: e.clientCreateFailed,
  updateClient: e.clientUpdateFailed,
  deleteClient: e.clientDeleteFailed,
  setClientTags: e.clientUpdateFailed,
  createTag: e.tagCreateFailed,
  addInteraction: e.interactionCreateFailed,
  createFollowUp: e.followUpCreateFailed,
  updateFollowUp: e.followUpUpdateFailed,
  completeFollowUp: e.followUpCompleteFailed,
  deleteFollowUp: e.followUpDeleteFailed,
  logColdCall: e.coldCallSaveFailed,
  createCampaign: e.campaignCreateFailed,
  deleteCampaign: e.campaignDeleteFailed,
  addCampaignClient: e.campaignClientAddFailed,
  removeCampaignClient: e.campaignClientRemoveFailed,
  markNotificationRead: 'Erro ao marcar a notificação como lida',
  markAllNotificationsRead: 'Erro ao marcar as notificações como lidas',
  updateSettings: e.settingsSaveError,
  updateNotificationPreferences: e.settingsSaveError,
  updateProfile: e.profileUpdateFailed,
  createProperty: e.propertyCreateFailed,
  updateProperty: e.propertyUpdateFailed,
  deleteProperty: e.propertyDeleteFailed,
  recordVisitFeedback: e.visitFeedbackFailed,
  reorderPropertyPhotos: e.propertyPhotoOrderFailed,
  setPropertyPhotoCover: e.propertyPhotoOrderFailed,
  deletePropertyPhoto: e.propertyPhotoDeleteFailed,
};

export type RejectionView = { mutationId: number; title: string; message: string; rejectedAt: string };

export function rejectionView(r: {
  mutationId: number;
  name: MutationName;
  error: { message?: string };
  rejectedAt: string;
}): RejectionView {
  return {
    mutationId: r.mutationId,
    rejectedAt: r.rejectedAt,
    title: REJECTION_TITLES[r.name] ?? e.unknownError,
    message: r.error.message || e.unknownError,
  };
}

/**
 * The rejections to announce: refused since `since` (older ones were announced in an earlier visit and
 * stay listed in the sync indicator) and not announced yet in this tab.
 */
export function newRejections<T extends { mutationId: number; rejectedAt: string }>(
  current: readonly T[],
  seen: ReadonlySet<number>,
  since: string,
): T[] {
  return current.filter((r) => !seen.has(r.mutationId) && r.rejectedAt >= since);
}
