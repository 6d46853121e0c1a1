import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/db';
import { createClient, createOrganization } from '../../test/factories';
import { AppError } from '../lib/errors';
import { forOrganization, type OrganizationScope } from './scope';

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

/** Write methods only run inside a transaction. */
function inTx<T>(organizationId: string, fn: (scope: OrganizationScope) => Promise<T>): Promise<T> {
  return db.knex.transaction((trx) => fn(forOrganization(trx, { organizationId })));
}

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
    await notFoundOf(inTx(orgA, (s) => s.update('clients', clientB, { name: 'Roubado' })));
    await notFoundOf(inTx(orgA, (s) => s.softDelete('clients', clientB)));
    expect(await inTx(orgA, (s) => s.softDeleteWhere('clients', { id: clientB }))).toEqual([]);
    const untouched = await db.knex('clients').where('id', clientB).first();
    expect(untouched.name).toBe('Cliente B');
    expect(untouched.deleted_at).toBeNull();
  });

  it('sets organization_id from the session on insert, ignoring the one given', async () => {
    const row = await inTx(orgA, (s) =>
      s.insert('clients', { name: 'Novo', type: 'Vendedor', organization_id: orgB }),
    );
    expect(row.organization_id).toBe(orgA);
    const stored = await db
      .knex('clients')
      .where('id', row.id as string)
      .first();
    expect(stored.organization_id).toBe(orgA);
    expect(stored.created_at).toBeTruthy();
  });

  it('updates its own rows and cannot move them to another organization', async () => {
    const updated = await inTx(orgA, (s) =>
      s.update('clients', clientA, { name: 'Cliente A2', organization_id: orgB }),
    );
    expect(updated.name).toBe('Cliente A2');
    expect(updated.organization_id).toBe(orgA);
  });

  it('soft-deletes its own rows, which then disappear from reads', async () => {
    const scope = forOrganization(db.knex, { organizationId: orgB });
    const id = await createClient(db.knex, orgB, { name: 'Temporário' });
    await inTx(orgB, (s) => s.softDelete('clients', id));
    expect(await scope.find('clients', id)).toBeUndefined();
    const raw = await db.knex('clients').where('id', id).first();
    expect(raw.deleted_at).not.toBeNull();
  });

  it('refuses to work without an organization (super admin)', () => {
    expect(() => forOrganization(db.knex, { organizationId: null })).toThrow(AppError);
  });

  it('refuses every write outside a transaction (a programming error, not a 4xx)', async () => {
    const scope = forOrganization(db.knex, { organizationId: orgA });
    const before = await db.knex('clients').count({ n: '*' }).first();
    const writes = [
      () => scope.insert('clients', { name: 'Fora', type: 'Vendedor' }),
      () => scope.insertMany('clients', [{ name: 'Fora', type: 'Vendedor' }]),
      () => scope.update('clients', clientA, { name: 'Fora' }),
      () => scope.softDelete('clients', clientA),
      () => scope.softDeleteWhere('clients', { id: clientA }),
    ];
    for (const write of writes) {
      const err = await write().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(AppError);
      expect((err as Error).message).toMatch(/inTransaction/);
    }
    expect(await db.knex('clients').count({ n: '*' }).first()).toEqual(before);
    expect((await scope.get('clients', clientA)).deleted_at).toBeNull();
  });

  it("answers 409 for a client-generated id taken by another organization's row, and keeps the transaction usable", async () => {
    const err = await inTx(orgA, async (s) => {
      const failure = await s.insert('clients', { id: clientB, name: 'Roubo', type: 'Vendedor' }).then(
        () => null,
        (e: unknown) => e,
      );
      const bulk = await s
        .insertMany('clients', [
          { name: 'Ok', type: 'Vendedor' },
          { id: clientB, name: 'x', type: 'Vendedor' },
        ])
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(bulk).toBeInstanceOf(AppError);
      await s.insert('clients', { name: 'Depois do conflito', type: 'Vendedor' }); // no aborted transaction
      return failure;
    });
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(409);
    expect((await db.knex('clients').where('id', clientB).first()).name).toBe('Cliente B');
    expect(await db.knex('clients').where('name', 'Depois do conflito').first()).toBeTruthy();
  });

  it('soft-deletes every matching live row of its organization only', async () => {
    const a1 = await createClient(db.knex, orgA, { name: 'Lote' });
    const a2 = await createClient(db.knex, orgA, { name: 'Lote' });
    const b1 = await createClient(db.knex, orgB, { name: 'Lote' });
    const ids = await inTx(orgA, (s) => s.softDeleteWhere('clients', { name: 'Lote' }));
    expect(ids.sort()).toEqual([a1, a2].sort());
    expect((await db.knex('clients').where('id', b1).first()).deleted_at).toBeNull();
    const viaCallback = await inTx(orgA, (s) =>
      s.softDeleteWhere('clients', (q) => void q.where('name', 'Lote')),
    );
    expect(viaCallback).toEqual([]); // already deleted: not deleted (nor logged) twice
  });
});
