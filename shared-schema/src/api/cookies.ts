// The cookies the web app reads (docs/api.md, "Cookies"): the server sets them, the device only reads them.

/** The double-submit CSRF token (sync-server/src/http/csrf.ts): echoed in `X-CSRF-Token` on every write. */
export const CSRF_COOKIE = 'csrf_token';

/**
 * '1' while this browser holds a session the server last saw open: readable, with no id and no secret (the
 * session's own cookie stays httpOnly). The web app of a visitor reads it before asking anything a visitor
 * would be refused (the session check, a first sync's early page): two 401s on every public page otherwise
 * (issue 19). A hint, never a proof: the server decides every request by its session alone.
 */
export const SIGNED_IN_HINT_COOKIE = 'casa_signed_in';
