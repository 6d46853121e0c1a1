import type { CurrentUser } from '@casa/shared-schema';

/** "First Last", else the email. */
export function displayName(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || user.email;
}

/** The greeting uses the first name, else the full display name. */
export function greetingName(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>): string {
  return user.firstName?.trim() || displayName(user);
}
