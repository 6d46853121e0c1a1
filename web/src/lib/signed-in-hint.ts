import { SIGNED_IN_HINT_COOKIE } from '@casa/shared-schema/values';

/**
 * Whether this browser may hold a session: the server's readable hint (shared-schema/src/api/cookies.ts).
 * Without it, and with no user cached on the device, the app is a visitor's and asks nothing a visitor would
 * be refused (the session check, the early first pull): two 401s on every public page otherwise (issue 19).
 * True where no document can tell (Node).
 */
export function maybeSignedIn(cookies: string | undefined = globalThis.document?.cookie): boolean {
  if (cookies === undefined) return true;
  return cookies.split(';').some((part) => part.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
}
