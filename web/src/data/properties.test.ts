import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeSyncServer } from './testing/fake-sync-server';
import { createDevice, type Device } from './testing/device';
import { AGENT, ORG } from './testing/fixtures';
import {
  filterProperties,
  listProperties,
  propertiesOfOwner,
  provisionalReferenceIds,
  REFERENCE_PENDING,
  shownReference,
} from './properties';

let d: Device | undefined;
afterEach(async () => {
  await d?.db.delete();
});

const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id);

describe('replica reads of properties', () => {
  it('filters as GET /api/properties does, searches without accents, lists a seller’s properties', async () => {
    const server = new FakeSyncServer(ORG);
    server.addMember(AGENT);
    d = await createDevice(server, AGENT);
    const m = d.mutate;
    const seller = (await m.createClient({ name: 'Vera', type: 'Vendedor', customFields: {} })).id!;
    const flat = await m.createProperty({
      title: 'Apartamento T2 em Alvalade',
      business: 'Venda',
      propertyType: 'Apartamento',
      typology: 'T2',
      priceCents: 30_000_000,
      concelho: 'Lisboa',
      freguesia: 'Alvalade',
      status: 'Disponível',
      ownerClientId: seller,
    });
    const rent = await m.createProperty({
      title: 'Moradia T4',
      business: 'Arrendamento',
      propertyType: 'Moradia',
      typology: 'T4',
      priceCents: 250_000,
      concelho: 'Setúbal',
      freguesia: 'São Sebastião',
      reference: 'SET-1',
    });
    expect(ids(await listProperties(d.db))).toEqual([rent.id, flat.id]);
    expect(ids(await listProperties(d.db, { status: 'Disponível' }))).toEqual([flat.id]);
    expect(ids(await listProperties(d.db, { business: 'Arrendamento', typology: 'T4' }))).toEqual([rent.id]);
    expect(ids(await listProperties(d.db, { priceMin: 1_000_000 }))).toEqual([flat.id]);
    expect(ids(await listProperties(d.db, { priceMax: 1_000_000, concelho: 'setubal' }))).toEqual([rent.id]);
    expect(ids(await listProperties(d.db, { q: 'SAO SEBASTIAO' }))).toEqual([rent.id]);
    expect(ids(await listProperties(d.db, { q: 'casa-000001' }))).toEqual([flat.id]);
    expect(ids(await propertiesOfOwner(d.db, seller))).toEqual([flat.id]);

    // A generated reference is provisional until the server confirms the create; a typed one is not.
    const provisional = await provisionalReferenceIds(d.db);
    expect([...provisional]).toEqual([flat.id]);
    const [flatRow] = await listProperties(d.db, { status: 'Disponível' });
    expect(shownReference(flatRow!, provisional)).toBe(REFERENCE_PENDING);
    await d.engine.syncNow();
    const confirmed = await provisionalReferenceIds(d.db);
    expect(confirmed.size).toBe(0);
    expect(shownReference(flatRow!, confirmed)).toBe('CASA-000001');
  });

  it('builds a property’s search text once for all the keystrokes that filter the same rows', () => {
    let titleReads = 0;
    const row = {
      id: 'p1',
      reference: 'CASA-000001',
      street: 'Rua Augusta',
      concelho: 'Lisboa',
      freguesia: 'Santa Maria Maior',
      createdAt: '2026-11-27T10:00:00.000Z',
      get title() {
        titleReads += 1;
        return 'Apartamento T2 na Baixa';
      },
    } as unknown as Parameters<typeof filterProperties>[0][number];
    for (const q of ['b', 'ba', 'bai', 'baix', 'baixa'])
      expect(ids(filterProperties([row], { q }))).toEqual(['p1']);
    expect(filterProperties([row], { q: 'porto' })).toEqual([]);
    expect(titleReads).toBe(1);
  });
});
