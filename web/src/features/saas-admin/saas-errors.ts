import { errorMessages } from '@casa/shared-schema/values';
import { ApiError } from '../../lib/api';
import { OFFLINE_DETAIL } from '../../ui/offline-notice';

/** No network: the browser says so, or fetch itself failed (not an HTTP answer). */
export function isOfflineError(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return error instanceof TypeError;
}

export type OrganizationAction = 'create' | 'edit' | 'status' | 'delete';

/** The 403 wording is ours (docs/product.md#saas-admin): one pt-PT sentence per action. */
export const ORGANIZATION_FORBIDDEN: Record<OrganizationAction, string> = {
  create: 'Não tem permissão para criar organizações.',
  edit: 'Não tem permissão para editar organizações.',
  status: 'Não tem permissão para alterar o estado de organizações.',
  delete: 'Não tem permissão para eliminar organizações.',
};

const FALLBACK: Record<OrganizationAction, string> = {
  create: 'Erro ao criar organização',
  edit: 'Erro ao atualizar organização',
  status: 'Erro ao alterar o estado da organização',
  delete: errorMessages.organizationDeleteFailed,
};

/**
 * docs/product.md#saas-admin SaaS organization: the server message first (409 conflict, protected), then by status
 * 409 / 404 / 400 / 403; offline says 'Sem ligação'.
 */
export function organizationErrorMessage(error: unknown, action: OrganizationAction): string {
  if (!(error instanceof ApiError)) return isOfflineError(error) ? OFFLINE_DETAIL : FALLBACK[action];
  // api.ts replaces 403/404 bodies with generic texts; the body still holds what the server said.
  const body = error.body as { message?: unknown; code?: unknown } | null;
  const serverText = body && typeof body.message === 'string' ? body.message : '';
  if (error.status === 403) {
    if (body?.code === 'protected') return serverText || errorMessages.organizationProtected;
    return ORGANIZATION_FORBIDDEN[action];
  }
  if (error.status === 404) return errorMessages.organizationNotFound;
  if (error.status === 409) return serverText || errorMessages.organizationConflict;
  if (error.status === 400 && action === 'delete')
    return serverText || errorMessages.organizationDeleteFailed;
  return error.message || FALLBACK[action];
}

/** True when the server refused a delete because the organization is protected. */
export function isProtectedError(error: unknown): boolean {
  return error instanceof ApiError && (error.body as { code?: unknown } | null)?.code === 'protected';
}
