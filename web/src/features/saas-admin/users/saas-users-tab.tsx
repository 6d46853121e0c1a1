import type { CurrentUser } from '@casa/shared-schema';

/** Placeholder until the Utilizadores tab lands from its own branch. */
export function SaasUsersTab(_props: { user: CurrentUser }) {
  return null;
}
