import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { OFFLINE_DETAIL } from '../../../ui/offline-notice';
import { isOfflineError, saasUserFailure } from './saas-users.api';

const apiError = (status: number, body: Record<string, unknown>) =>
  new ApiError(status, String(body.message ?? ''), body);

afterEach(() => vi.unstubAllGlobals());

describe('saasUserFailure (docs/product.md#saas-admin)', () => {
  it('words 409 and 404 with their own texts (docs/product.md#saas-admin), whatever the server sent', () => {
    const conflict = apiError(409, { message: 'Este email já está em uso.', code: 'email_in_use' });
    expect(saasUserFailure(conflict, 'create')).toBe('Este email já está em uso por outro utilizador.');
    expect(saasUserFailure(apiError(404, { message: 'x' }), 'delete')).toBe('Utilizador não encontrado.');
  });

  it('gives a no-permission text per action, keeping the protected reason', () => {
    const forbidden = apiError(403, { message: 'Não tem permissões.', code: 'forbidden' });
    expect(saasUserFailure(forbidden, 'create')).toBe('Não tem permissão para criar utilizadores.');
    expect(saasUserFailure(forbidden, 'edit')).toBe('Não tem permissão para editar utilizadores.');
    expect(saasUserFailure(forbidden, 'status')).toBe(
      'Não tem permissão para alterar o estado de utilizadores.',
    );
    expect(saasUserFailure(forbidden, 'delete')).toBe('Não tem permissão para eliminar utilizadores.');
    const guarded = apiError(403, {
      message: 'Não é possível suspender ou eliminar um super administrador.',
      code: 'protected',
    });
    expect(saasUserFailure(guarded, 'status')).toBe(
      'Não é possível suspender ou eliminar um super administrador.',
    );
  });

  it('passes other server messages through and names a missing connection', () => {
    expect(saasUserFailure(apiError(400, { message: 'Email inválido' }), 'create')).toBe('Email inválido');
    expect(saasUserFailure(new TypeError('Failed to fetch'), 'create')).toBe(OFFLINE_DETAIL);
  });
});

describe('isOfflineError', () => {
  it('is a network failure or an offline device, never a server answer', () => {
    expect(isOfflineError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isOfflineError(apiError(500, {}))).toBe(false);
    vi.stubGlobal('navigator', { onLine: false });
    expect(isOfflineError(new Error('x'))).toBe(true);
  });
});
