import { CSRF_COOKIE, ErrorCode, errorMessages } from '@casa/shared-schema/values';
import { reportMaintenance } from './maintenance-store';
import { localUserCache } from './user-cache';

/** A non-OK answer from the API. `message` is pt-PT text ready to show; `body` is what the server sent. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The stable error code from shared-schema's `ErrorCode`, when the server sent one. */
  get code(): string | undefined {
    return isRecord(this.body) && typeof this.body.code === 'string' ? this.body.code : undefined;
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData body is sent as multipart (the browser sets its boundary). */
  body?: unknown;
  /** Resolve with `null` instead of throwing on 401 (docs/product.md#messages: "a 401 can optionally yield an empty result"). */
  nullOn401?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. the sign-up token of steps 2 and 3). */
  headers?: Record<string, string>;
};

export type ApiClientDeps = {
  fetch: typeof fetch;
  /** Reads a cookie by name; the browser default parses `document.cookie`. */
  getCookie: (name: string) => string | undefined;
  /** Called once a 403 says the account is suspended, before the error is thrown. */
  onSuspended: () => void;
  /** Called with the server's message when a 503 says maintenance mode keeps this user out. */
  onMaintenance?: (message: string) => void;
};

export { CSRF_COOKIE };
export const CSRF_HEADER = 'X-CSRF-Token';
export const SUSPENDED_LOGIN_PATH = '/login?suspended=true';

const SUSPENDED_PATTERN = /suspended|suspens[ao]/i;
const EMAIL_EXISTS_PATTERN = /email.*(já existe|já está em uso|already exists|already in use|exists|em uso)/i;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringField(body: unknown, key: 'message' | 'error'): string | undefined {
  if (!isRecord(body)) return undefined;
  const value = body[key];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** True when a 403 body says the account is suspended, in Portuguese or English (docs/product.md#messages). */
export function isSuspendedBody(body: unknown): boolean {
  const text = `${stringField(body, 'message') ?? ''} ${stringField(body, 'error') ?? ''}`;
  return SUSPENDED_PATTERN.test(text) || (isRecord(body) && body.code === 'suspended');
}

/** The docs/product.md#messages message for a non-OK response whose body was JSON. */
export function messageForJsonError(status: number, statusText: string, body: unknown): string {
  const message = stringField(body, 'message') ?? stringField(body, 'error') ?? statusText;
  if (
    status === 409 &&
    (EMAIL_EXISTS_PATTERN.test(message) || (isRecord(body) && body.code === 'email_in_use'))
  ) {
    return errorMessages.emailInUse;
  }
  if (status === 403) return stringField(body, 'error') ?? errorMessages.forbidden;
  if (status === 404) return errorMessages.notFound;
  if (status === 500) return errorMessages.internal;
  return message;
}

/** The docs/product.md#messages message for a non-OK response whose body could not be read as JSON. */
export function messageForNonJsonError(status: number): string {
  if (status === 409) return errorMessages.nonJsonConflict;
  if (status === 403) return errorMessages.nonJsonForbidden;
  if (status === 404) return errorMessages.nonJsonNotFound;
  if (status >= 500) return errorMessages.nonJsonServer;
  return errorMessages.nonJsonDefault(status);
}

type Parsed = { json: true; value: unknown } | { json: false; text: string };

async function readBody(res: Response): Promise<Parsed> {
  const text = await res.text();
  try {
    return { json: true, value: JSON.parse(text) as unknown };
  } catch {
    return { json: false, text };
  }
}

export function browserCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** The one request helper: cookies always sent, JSON in and out, CSRF header on writes, the error rules of
 * docs/product.md#messages. */
export function createApiClient(deps: ApiClientDeps) {
  async function csrfToken(): Promise<string | undefined> {
    const existing = deps.getCookie(CSRF_COOKIE);
    if (existing) return existing;
    // The server sets the cookie on any answer; health is the cheapest one.
    await deps.fetch('/api/health', { method: 'GET', credentials: 'include' });
    return deps.getCookie(CSRF_COOKIE);
  }

  async function request<T>(path: string, options: RequestOptions & { nullOn401: true }): Promise<T | null>;
  async function request<T>(path: string, options?: RequestOptions): Promise<T>;
  async function request<T>(path: string, options: RequestOptions = {}): Promise<T | null> {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
    const multipart = typeof FormData !== 'undefined' && options.body instanceof FormData;
    if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
    if (method !== 'GET') {
      const token = await csrfToken();
      if (token) headers[CSRF_HEADER] = token;
    }
    const init: RequestInit = { method, headers, credentials: 'include' };
    if (options.body !== undefined) {
      init.body = multipart ? (options.body as FormData) : JSON.stringify(options.body);
    }
    if (options.signal) init.signal = options.signal;

    return read<T>(await deps.fetch(path, init), options);
  }

  /**
   * An answer read by the rules above (the body, the error and its side effects). Also for an answer fetched
   * elsewhere: the sync's page writer fetches its pages in a worker and hands a refusal back here
   * (data/http-transport.ts).
   */
  async function read<T>(res: Response, options: Pick<RequestOptions, 'nullOn401'> = {}): Promise<T | null> {
    if (res.status === 401 && options.nullOn401) {
      // Read all the same: an unread answer stays open in the browser's network log, and a tool that waits
      // for a quiet network (Lighthouse, on every visitor page's me call) waits until its time limit.
      await res.text().catch(() => undefined);
      return null;
    }
    const parsed = await readBody(res);
    if (res.ok) {
      if (parsed.json) return parsed.value as T;
      return (parsed.text === '' ? undefined : parsed.text) as T;
    }
    if (!parsed.json) throw new ApiError(res.status, messageForNonJsonError(res.status), parsed.text);
    if (res.status === 403 && isSuspendedBody(parsed.value)) deps.onSuspended();
    if (res.status === 503 && isRecord(parsed.value) && parsed.value.code === ErrorCode.MAINTENANCE) {
      deps.onMaintenance?.(stringField(parsed.value, 'message') ?? errorMessages.maintenanceMessageDefault);
    }
    throw new ApiError(
      res.status,
      messageForJsonError(res.status, res.statusText, parsed.value),
      parsed.value,
    );
  }

  return {
    request,
    read: read as <T>(res: Response) => Promise<T>,
    get: <T>(path: string, options?: Pick<RequestOptions, 'signal'>) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown) => request<T>(path, { method: 'POST', body }),
    put: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PUT', body }),
    patch: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PATCH', body }),
    del: <T>(path: string) => request<T>(path, { method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

type LocationLike = Pick<Location, 'pathname' | 'search' | 'assign'>;

/**
 * docs/product.md#messages: log out, then go to /login?suspended=true, also when the logout call fails. A full page load
 * drops every in-memory trace of the suspended session. Parallel triggers (several 403s at once) run it once.
 */
export function createSuspendedLogout(
  client: () => ApiClient,
  location: () => LocationLike,
  forgetUser: () => void = () => localUserCache.write(null),
) {
  let running = false;
  return async function logoutAsSuspended(): Promise<void> {
    if (running) return;
    running = true;
    try {
      await client().post('/api/auth/logout');
    } catch (error) {
      console.error(error);
    }
    // The user cached for an offline start goes too: the login page must not open the suspended session again.
    forgetUser();
    const here = location();
    // Already there (e.g. the server kept the session): loading it again would loop.
    if (`${here.pathname}${here.search}` !== SUSPENDED_LOGIN_PATH) here.assign(SUSPENDED_LOGIN_PATH);
    else running = false;
  };
}

export const logoutAsSuspended = createSuspendedLogout(
  () => api,
  () => window.location,
);

export const api: ApiClient = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  getCookie: browserCookie,
  onSuspended: () => void logoutAsSuspended(),
  onMaintenance: reportMaintenance,
});
