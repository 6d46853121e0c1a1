// A user's rules that need no schema, so no zod: the web app's start reads them through
// '@casa/shared-schema/values' (values.ts, docs/decisions.md); the index re-exports them too.

/** Avatar initials: first letters of first and last name, else the email's first letter, else 'U'. */
export function userInitials(user: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}): string {
  const first = user.firstName?.trim().charAt(0) ?? '';
  const last = user.lastName?.trim().charAt(0) ?? '';
  if (first || last) return `${first}${last}`.toUpperCase();
  const fromEmail = user.email?.trim().charAt(0) ?? '';
  return fromEmail ? fromEmail.toUpperCase() : 'U';
}
