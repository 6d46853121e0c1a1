import type { FollowUp } from '@casa/shared-schema';
import { errorMessages, isFollowUpOverdue, lisbonDayBounds } from '@casa/shared-schema/values';

/** The tabs of /followups (docs/product.md#follow-ups), in display order. */
export const FOLLOW_UP_TABS = [
  { key: 'pending', label: 'Pendentes' },
  { key: 'today', label: 'Hoje' },
  { key: 'overdue', label: 'Em Atraso' },
  { key: 'completed', label: 'Concluídos' },
  { key: 'all', label: 'Todos' },
] as const;

export type FollowUpTab = (typeof FOLLOW_UP_TABS)[number]['key'];
export type FollowUpTabCounts = Record<FollowUpTab, number>;

type Tabbed = Pick<FollowUp, 'completed' | 'scheduledDate'>;

/**
 * docs/product.md#follow-ups: Pendentes is every not completed one; Hoje the not completed ones of today's Lisbon calendar
 * day (23 or 25 hours long on DST days); Em Atraso not completed and scheduled before now.
 */
export function inFollowUpTab(tab: FollowUpTab, followUp: Tabbed, now: Date): boolean {
  switch (tab) {
    case 'pending':
      return !followUp.completed;
    case 'today': {
      if (followUp.completed) return false;
      const { start, end } = lisbonDayBounds(now);
      const at = Date.parse(followUp.scheduledDate);
      return at >= start.getTime() && at < end.getTime();
    }
    case 'overdue':
      return isFollowUpOverdue(followUp, now);
    case 'completed':
      return followUp.completed;
    case 'all':
      return true;
  }
}

/** Empty state of each tab. */
export const EMPTY_TAB_TEXT: Record<FollowUpTab, string> = {
  pending: 'Sem follow-ups pendentes',
  today: errorMessages.noFollowUpsToday,
  overdue: 'Sem follow-ups em atraso',
  completed: 'Sem follow-ups concluídos',
  all: 'Ainda não há follow-ups',
};
