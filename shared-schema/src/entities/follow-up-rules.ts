// A follow-up's rules that need no schema, so no zod: the web app's start reads them through
// '@casa/shared-schema/values' (values.ts, docs/decisions.md); the index re-exports them too.

export const COMPLETION_COMMENT_PREVIEW = 100;

/** Overdue is derived: not completed and scheduled before now. */
export function isFollowUpOverdue(
  followUp: { completed: boolean; scheduledDate: string },
  now: Date = new Date(),
): boolean {
  return !followUp.completed && Date.parse(followUp.scheduledDate) < now.getTime();
}

/** Default title of a next follow-up when none is typed. */
export function defaultNextFollowUpTitle(type: string, clientName?: string | null): string {
  return clientName ? `${type} - ${clientName}` : type;
}
