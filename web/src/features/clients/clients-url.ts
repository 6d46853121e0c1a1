import { clientToOpen, type ClientsSearch } from '../../app/route-search';

export type ClientDialog =
  { kind: 'create' } | { kind: 'edit'; id: string } | { kind: 'view'; id: string } | null;

/**
 * The one dialog a /clients URL opens (docs/product.md#clients: create, edit and view are mutually exclusive). Without
 * the permission, create opens nothing and edit falls back to the read-only view.
 */
export function dialogOf(search: ClientsSearch, can: { canCreate: boolean; canEdit: boolean }): ClientDialog {
  if (search.action === 'create') return can.canCreate ? { kind: 'create' } : null;
  if (search.edit) return can.canEdit ? { kind: 'edit', id: search.edit } : { kind: 'view', id: search.edit };
  const id = clientToOpen(search);
  return id ? { kind: 'view', id } : null;
}
