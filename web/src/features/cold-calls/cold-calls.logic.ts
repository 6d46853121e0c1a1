import type { CallResult, CampaignFilters, Client } from '@casa/shared-schema';
import {
  clientMatchesCampaignFilters,
  DEFAULT_CAMPAIGN_TARGET,
  errorMessages,
  FOLLOW_UP_CALL_RESULTS,
  lisbonDateString,
  lisbonDayBounds,
  percentOf,
  rankCampaignCandidates,
} from '@casa/shared-schema/values';

export type ColdCallFigures = {
  totalCalls: number;
  callsToday: number;
  /** Percent, one decimal, of calls with result Interessado or Agendar Follow-up (as the server's stats). */
  conversionRate: number;
  activeCampaigns: number;
};

/** The stat cards of /coldcalls, computed like GET /api/stats/coldcalls from the replica's rows. */
export function coldCallFigures(
  calls: readonly { result: CallResult | null; calledAt: string }[],
  campaigns: readonly { status: string }[],
  now: Date = new Date(),
): ColdCallFigures {
  const { start, end } = lisbonDayBounds(now);
  const from = start.getTime();
  const to = end.getTime();
  let today = 0;
  let converted = 0;
  for (const call of calls) {
    const at = Date.parse(call.calledAt);
    if (at >= from && at < to) today += 1;
    if (call.result && FOLLOW_UP_CALL_RESULTS.includes(call.result)) converted += 1;
  }
  return {
    totalCalls: calls.length,
    callsToday: today,
    conversionRate: percentOf(converted, calls.length),
    activeCampaigns: campaigns.filter((c) => c.status === 'active').length,
  };
}

/** '12,5%' */
export const formatPercent = (value: number) =>
  `${value.toLocaleString('pt-PT', { minimumFractionDigits: 0, maximumFractionDigits: 1 })}%`;

/** The dialable form of a phone for a tel: link (digits and a leading +). */
export function telHref(phone: string | null | undefined): string | null {
  const trimmed = (phone ?? '').trim();
  const digits = trimmed.replace(/\D/g, '');
  if (!digits) return null;
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/** https://wa.me/<digits>: a Portuguese 9-digit number gets the 351 country code, 00 becomes nothing. */
export function whatsappHref(phone: string | null | undefined): string | null {
  let digits = (phone ?? '').replace(/\D/g, '');
  if (!digits) return null;
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.length === 9) digits = `351${digits}`;
  return `https://wa.me/${digits}`;
}

export type RankedClient = {
  client: Client;
  id: string;
  daysSinceLastContact: number | null;
  lastContactDate: string | null;
};

/**
 * The marathon's queue without a campaign: every client with a phone, never contacted first, then most
 * days since the last contact (the list generator's order, ties by id).
 */
export function marathonQueue(
  clients: readonly Client[],
  lastContacts: ReadonlyMap<string, string>,
  now: Date = new Date(),
): RankedClient[] {
  return rankCampaignCandidates(clients, {}, (id) => lastContacts.get(id), now);
}

/**
 * Every client matching the filters, in the order the server adds them (before the targetCount cap).
 * `ranked` is `marathonQueue` of all clients (computed once): the order is total, so filtering it
 * equals ranking the matches (`rankCampaignCandidates`) and a filter change costs one pass.
 */
export function generatorPreview(ranked: readonly RankedClient[], filters: CampaignFilters): RankedClient[] {
  return ranked.filter((r) => clientMatchesCampaignFilters(r.client, filters, r.daysSinceLastContact));
}

/** Target count default: 20, never more than the matches. */
export const defaultTargetCount = (matches: number) =>
  Math.max(1, Math.min(DEFAULT_CAMPAIGN_TARGET, matches));

const CAMPAIGN_STATUS_LABELS: Record<string, string> = {
  active: 'Ativa',
  paused: 'Pausada',
  completed: 'Concluída',
};
export const campaignStatusLabel = (status: string) => CAMPAIGN_STATUS_LABELS[status] ?? status;

/**
 * 0-100 progress of a campaign: its contacted members over its live members (not the targetCount it
 * was created with, which hand-added members, calls and deleted clients leave behind).
 */
export const campaignProgress = (contacted: number, members: number) =>
  members > 0 ? Math.min(100, Math.round((contacted / members) * 100)) : 0;

/** 'contacted/members', e.g. '2/6'. */
export const campaignProgressText = (contacted: number, members: number) => `${contacted}/${members}`;

/** Every live member of a campaign's detail lists. */
export const memberTotal = (lists: { available: readonly unknown[]; contacted: readonly unknown[] }) =>
  lists.available.length + lists.contacted.length;

/** The Lisbon calendar date after `now` ('YYYY-MM-DD'): the call follow-up's default day. */
export function lisbonTomorrow(now: Date = new Date()): string {
  const [y, m, d] = lisbonDateString(now).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** Which toast title a refused call log gets: its follow-up's field errors, or the call's. */
export function callLogErrorTitle(fieldErrors: Record<string, string> | undefined): string {
  const followUpFailed = Object.keys(fieldErrors ?? {}).some((k) => k.startsWith('followUp'));
  return followUpFailed ? errorMessages.followUpCreateFailed : errorMessages.coldCallSaveFailed;
}
