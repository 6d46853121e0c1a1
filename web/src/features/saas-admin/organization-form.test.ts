import { describe, expect, it } from 'vitest';
import type { Package } from '@casa/shared-schema';
import { ApiError } from '../../lib/api';
import { choosePackage, organizationFormToPayload, organizationToForm } from './organization-form';
import { organizationErrorMessage } from './saas-errors';

const packages = [
  { id: 'p1', maxUsers: 3, maxClients: 100 },
  { id: 'p2', maxUsers: 15, maxClients: 0 },
] as Package[];

describe('organization form', () => {
  it('defaults to the first package and its limits', () => {
    expect(organizationToForm(null, packages)).toMatchObject({
      packageId: 'p1',
      maxUsers: '3',
      maxClients: '100',
    });
    expect(organizationToForm(null, [])).toMatchObject({ packageId: '', maxUsers: '5', maxClients: '500' });
  });
  it('copies the limits of the chosen package', () => {
    const v = choosePackage(organizationToForm(null, packages), 'p2', packages);
    expect(v).toMatchObject({ packageId: 'p2', maxUsers: '15', maxClients: '0' });
  });
  it('requires name and email and falls back to 5 and 500 for bad numbers', () => {
    expect(
      organizationFormToPayload({ name: 'X', email: ' ', packageId: '', maxUsers: '', maxClients: '' }),
    ).toEqual({
      ok: false,
      error: 'Nome e email são obrigatórios',
    });
    expect(
      organizationFormToPayload({
        name: ' X ',
        email: 'x@y.pt',
        packageId: '',
        maxUsers: '-2',
        maxClients: 'abc',
      }),
    ).toEqual({
      ok: true,
      payload: { name: 'X', email: 'x@y.pt', packageId: null, maxUsers: 5, maxClients: 500 },
    });
  });
});

describe('organization error messages (docs/product.md#saas-admin)', () => {
  const err = (status: number, body: object) => new ApiError(status, 'genérico', body);
  it('maps 409, 404, 400 and 403 per action', () => {
    expect(organizationErrorMessage(err(409, {}), 'create')).toBe(
      'Já existe uma organização com este nome ou email.',
    );
    expect(organizationErrorMessage(err(404, { message: 'x' }), 'edit')).toBe('Organização não encontrada.');
    expect(organizationErrorMessage(err(400, {}), 'delete')).toBe(
      'Não é possível eliminar esta organização.',
    );
    expect(organizationErrorMessage(err(403, { code: 'forbidden' }), 'status')).toBe(
      'Não tem permissão para alterar o estado de organizações.',
    );
    expect(
      organizationErrorMessage(err(403, { code: 'protected', message: 'Organização Protegida' }), 'delete'),
    ).toBe('Organização Protegida');
  });
  it('says Sem ligação when fetch failed', () => {
    expect(organizationErrorMessage(new TypeError('Failed to fetch'), 'create')).toMatch(/^Sem ligação/);
  });
});
