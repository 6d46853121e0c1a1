import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { agentDevice, type Device } from './testing/device';
import { buyer, seller } from './testing/fixtures';
import { clientById, clientNames } from './client-reads';

let d: Device | undefined;
afterEach(async () => {
  await d?.db.delete();
});

describe('one-client reads without the client index', () => {
  it('reads a client by id, names several, and leaves out the missing and the deleted', async () => {
    d = await agentDevice();
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
