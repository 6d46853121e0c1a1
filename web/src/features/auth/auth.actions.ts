import type { LoginInput, RegisterForm, RegisterResponse } from '@casa/shared-schema';
import { api, ApiError, type ApiClient } from '../../lib/api';
import { browserPushEnvironment } from '../notifications/push-browser.api';
import { unregisterPush, type PushEnvironment } from '../notifications/push-registration.actions';
import { localUserCache, type UserCache } from './session-store';
import { dropPropertyThumbs } from '../../sw/property-thumbs';

type Go = (path: string) => void;

/** A full page load: nothing of the previous session (caches, user data in memory) survives it. */
const hardNavigate: Go = (path) => window.location.assign(path);

export function login(input: LoginInput, client: ApiClient = api): Promise<unknown> {
  return client.post('/api/auth/login', input);
}

export function register(form: RegisterForm, client: ApiClient = api): Promise<RegisterResponse> {
  const organizationName = form.organizationName?.trim();
  return client.post<RegisterResponse>('/api/auth/register', {
    email: form.email,
    password: form.password,
    fullName: form.fullName,
    organizationName: organizationName ? organizationName : null,
  });
}

/**
 * Account-menu logout (docs/product.md#accounts): on OK go to /login; a failed answer is only logged; when the request
 * itself throws (offline, aborted) go to /login anyway.
 */
export async function logout(
  client: ApiClient = api,
  go: Go = hardNavigate,
  cache: UserCache = localUserCache,
  pushEnvironment: () => PushEnvironment = browserPushEnvironment,
): Promise<void> {
  await unregisterPush(pushEnvironment(), client);
  try {
    await client.post('/api/auth/logout');
  } catch (error) {
    if (error instanceof ApiError) {
      console.error('Logout failed', error);
      return;
    }
    // No answer (offline): the device must not reopen as this user.
    cache.write(null);
    await dropPropertyThumbs();
    go('/login');
    return;
  }
  cache.write(null);
  await dropPropertyThumbs();
  go('/login');
}

/** Login success reloads to '/' (docs/product.md#accounts). */
export function enterApp(go: Go = hardNavigate): void {
  go('/');
}
