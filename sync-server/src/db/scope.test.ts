import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/db';
import { createClient, createOrganization } from '../../test/factories';
import { AppError } from '../http/errors';
import { forOrganization } from './scope';

let db: TestDb;
let orgA: string;
let orgB: string;
let clientA: string;
let clientB: string;

beforeAll(async () => {
  db = await createTestDb();
  orgA = (await createOrganization(db.knex, { name: 'Imobiliária A' })).id;
  orgB = (await createOrganization(db.knex, { name: 'Outra Imobiliária' })).id;
  clientA = await createClient(db.knex, orgA, { name: 'Cliente A' });
  clientB = await createClient(db.knex, orgB, { name: 'Cliente B' });
  await createClient(db.knex, orgA, { name: 'Apagado A', deletedAt: new Date().toISOString() });
});
afterAll(() => db.destroy());

async function notFoundOf(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).status).toBe(404);
}

describe('forOrganization', () => {
  it('reads only the organization rows, without soft-deleted ones', async () => {
    const rows = await forOrganization(db.knex, { organizationId: orgA }).table('clients').select('name');
    expect(rows.map((r: { name: string }) => r.name)).toEqual(['Cliente A']);
  });

  it('treats another organization id as not found', async () => {
    const scope = forOrganization(db.knex, { organizationId: orgA });
    expect(await scope.find('clients', clientB)).toBeUndefined();
    await notFoundOf(scope.get('clients', clientB));
    await notFoundOf(scope.update('clients', clientB, { name: 'Roubado' }));
    await notFoundOf(scope.softDelete('clients', clientB));
    const untouched = await db.knex('clients').where('id', clientB).first();
    expect(untouched.name).toBe('Cliente B');
    expect(untouched.deleted_at).toBeNull();
  });

  it('sets organization_id from the session on insert, ignoring the one given', async () => {
    const scope = forOrganization(db.knex, { organizationId: orgA });
    const row = await scope.insert('clients', { name: 'Novo', type: 'Vendedor', organization_id: orgB });
    expect(row.organization_id).toBe(orgA);
    const stored = await db
      .knex('clients')
      .where('id', row.id as string)
      .first();
    expect(stored.organization_id).toBe(orgA);
    expect(stored.created_at).toBeTruthy();
  });

  it('updates its own rows and cannot move them to another organization', async () => {
    const scope = forOrganization(db.knex, { organizationId: orgA });
    const updated = await scope.update('clients', clientA, { name: 'Cliente A2', organization_id: orgB });
    expect(updated.name).toBe('Cliente A2');
    expect(updated.organization_id).toBe(orgA);
  });

  it('soft-deletes its own rows, which then disappear from reads', async () => {
    const scope = forOrganization(db.knex, { organizationId: orgB });
    const id = await createClient(db.knex, orgB, { name: 'Temporário' });
    await scope.softDelete('clients', id);
    expect(await scope.find('clients', id)).toBeUndefined();
    const raw = await db.knex('clients').where('id', id).first();
    expect(raw.deleted_at).not.toBeNull();
  });

  it('refuses to work without an organization (super admin)', () => {
    expect(() => forOrganization(db.knex, { organizationId: null })).toThrow(AppError);
  });
});
