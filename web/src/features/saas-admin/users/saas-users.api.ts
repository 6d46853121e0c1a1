import type { Organization, SaasUserCreate, SaasUserUpdate, User } from '@casa/shared-schema';
import { ErrorCode, errorMessages } from '@casa/shared-schema/values';
import { api, ApiError, type ApiClient } from '../../../lib/api';
import { OFFLINE_DETAIL } from '../../../ui/offline-notice';
import { saasUsersTexts as t } from './saas-users.texts';

/** The SaaS admin's user calls (docs/product.md#saas-admin). Online only: the super admin has no replica. */
export const loadSaasUsers = (client: ApiClient = api) => client.get<User[]>('/api/saas/users');
export const loadSaasOrganizations = (client: ApiClient = api) =>
  client.get<Organization[]>('/api/saas/organizations');
export const createSaasUser = (input: SaasUserCreate, client: ApiClient = api) =>
  client.post<User>('/api/saas/users', input);
export const updateSaasUser = (id: string, input: SaasUserUpdate, client: ApiClient = api) =>
  client.put<User>(`/api/saas/users/${encodeURIComponent(id)}`, input);
export const setSaasUserStatus = (id: string, status: 'active' | 'suspended', client: ApiClient = api) =>
  client.put<User>(`/api/saas/users/${encodeURIComponent(id)}/status`, { status });
export const deleteSaasUser = (id: string, client: ApiClient = api) =>
  client.del<void>(`/api/saas/users/${encodeURIComponent(id)}`);

export type SaasUserAction = keyof typeof t.forbidden;

/** True when a call failed for lack of network (fetch rejects with a TypeError) or the device is offline. */
export function isOfflineError(error: unknown): boolean {
  if (error instanceof ApiError) return false;
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return offline || error instanceof TypeError;
}

/**
 * docs/product.md#saas-admin SaaS user errors: 409 'Este email já está em uso por outro utilizador.', 404 'Utilizador não
 * encontrado.', 403 a no-permission text per action (a protected super admin keeps the server's reason);
 * anything else the server's message.
 */
export function saasUserFailure(error: unknown, action: SaasUserAction): string {
  if (!(error instanceof ApiError))
    return isOfflineError(error) ? OFFLINE_DETAIL : errorMessages.unknownError;
  if (error.status === 409) return errorMessages.userEmailInUse;
  if (error.status === 404) return errorMessages.userNotFound;
  if (error.status === 403) return error.code === ErrorCode.PROTECTED ? error.message : t.forbidden[action];
  return error.message || errorMessages.unknownError;
}
