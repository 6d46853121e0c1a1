import { describe, expect, it } from 'vitest';
import { dialogOf } from './clients-url';

const writer = { canCreate: true, canEdit: true };
const viewer = { canCreate: false, canEdit: false };

describe('dialogOf', () => {
  it('opens one dialog from the query', () => {
    expect(dialogOf({}, writer)).toBeNull();
    expect(dialogOf({ action: 'create' }, writer)).toEqual({ kind: 'create' });
    expect(dialogOf({ edit: 'a' }, writer)).toEqual({ kind: 'edit', id: 'a' });
    expect(dialogOf({ view: 'a' }, writer)).toEqual({ kind: 'view', id: 'a' });
    expect(dialogOf({ action: 'view', id: 'b' }, writer)).toEqual({ kind: 'view', id: 'b' });
    expect(dialogOf({ action: 'create', edit: 'a', view: 'b' }, writer)).toEqual({ kind: 'create' });
  });

  it('gives a viewer no create and a read-only view instead of edit', () => {
    expect(dialogOf({ action: 'create' }, viewer)).toBeNull();
    expect(dialogOf({ edit: 'a' }, viewer)).toEqual({ kind: 'view', id: 'a' });
  });
});
