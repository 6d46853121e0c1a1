import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeSyncServer } from './testing/fake-sync-server';
import { createDevice, type Device } from './testing/device';
import { AGENT, buyer, ORG, seller } from './testing/fixtures';
import { clientById, clientNames } from './client-reads';

let d: Device | undefined;
afterEach(async () => {
  await d?.db.delete();
});

describe('one-client reads without the client index', () => {
  it('reads a client by id, names several, and leaves out the missing and the deleted', async () => {
    const server = new FakeSyncServer(ORG);
    server.addMember(AGENT);
    d = await createDevice(server, AGENT);
    const m = d.mutate;
    const vera = (await m.createClient(seller('Vera'))).id!;
    const rui = (await m.createClient(buyer('Rui'))).id!;

    expect((await clientById(d.db, vera))?.name).toBe('Vera');
    expect(await clientById(d.db, 'nobody')).toBeNull();
    expect(await clientById(d.db, null)).toBeNull();
    expect(await clientNames(d.db, [rui, vera, rui, 'nobody'])).toEqual(
      new Map([
        [rui, 'Rui'],
        [vera, 'Vera'],
      ]),
    );

    await m.deleteClient({ id: rui });
    expect(await clientById(d.db, rui)).toBeNull();
    expect([...(await clientNames(d.db, [rui, vera])).keys()]).toEqual([vera]);
  });
});
