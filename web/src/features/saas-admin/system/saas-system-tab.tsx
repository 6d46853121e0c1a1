import type { CurrentUser } from '@casa/shared-schema';

/** Placeholder until the Sistema tab lands from its own branch. */
export function SaasSystemTab(_props: { user: CurrentUser }) {
  return null;
}
