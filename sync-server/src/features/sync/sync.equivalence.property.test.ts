import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Row } from '../../../../web/src/data/db';
import { LocalStore } from '../../../../web/src/data/local-store';
import { startTestServer, type TestServer } from '../../../test/server';
import { sequenceArb, type Step } from './sync.equivalence.args';
import { outcomes, startRun } from './sync.equivalence.kit';
import { MUTATORS, type Mutator } from './sync-mutations';

/*
 * Device and server agree (docs/sync.md): from the same random start state, every mutation kind runs on
 * the device (optimistic, the web data layer on fake-indexeddb) and on the real server (sync push over
 * HTTP, this project's database); the device's rows right after its optimistic write must equal, table by
 * table and field by field, the server's rows pulled after the push, and a refusal must be the same
 * refusal (status, code, message, fieldErrors) on both sides.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

/** Runs the steps from the start state of `seed`; answers every difference found. */
async function differences(seed: number, steps: Step[]): Promise<string[]> {
  const run = await startRun(server, seed);
  try {
    for (const s of steps) {
      const found = await run.step(s);
      if (found.length) return found;
    }
    return await run.snapshotDiff();
  } finally {
    await run.close();
  }
}

const noShrink = <T>(arb: fc.Arbitrary<T>) => (process.env.FC_NO_SHRINK ? fc.noShrink(arb) : arb);
const NUM_RUNS = Number(process.env.FC_NUM_RUNS ?? 10);

describe('device and server agree on every mutation', () => {
  it('same start, same mutations: same rows and same refusals', async () => {
    const started = Date.now();
    await fc.assert(
      // FC_NO_SHRINK=1: report the first failing sequence as found (a shrink replays dozens of runs).
      fc.asyncProperty(fc.nat(), noShrink(sequenceArb(8)), async (seed, steps) => {
        expect(await differences(seed, steps)).toEqual([]);
      }),
      {
        numRuns: NUM_RUNS,
        ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH } : {}),
      },
    );
    if (process.env.FC_STATS)
      console.warn(`${NUM_RUNS} runs in ${Date.now() - started} ms`, [...outcomes].sort().join(' '));
  }, 180_000);

  const createOne: Step = { name: 'createClient', seed: 7, corrupt: null };

  it('fails with the field name when the server drops a field', async () => {
    const original: Mutator = MUTATORS.createClient;
    const spy = vi
      .spyOn(MUTATORS, 'createClient')
      .mockImplementation((ctx, args) => original(ctx, { ...(args as object), name: 'Outro nome' }));
    try {
      const found = await differences(1, [createOne]);
      expect(found.join('\n')).toMatch(/clients\/[0-9a-f-]{36}\.name: device="[^"]+" server="Outro nome"/);
    } finally {
      spy.mockRestore();
    }
  });

  it('fails with the field name when the device drops a field', async () => {
    // The mutators are one definition run by both sides: a device-only drop can only come from the
    // device's own layer, its Dexie store.
    const original = LocalStore.prototype.put;
    const spy = vi.spyOn(LocalStore.prototype, 'put').mockImplementation(async function (
      this: LocalStore,
      table,
      row,
    ) {
      const { name: _dropped, ...rest } = row;
      return original.call(this, table, table === 'clients' ? (rest as Row) : row);
    });
    try {
      const found = await differences(1, [createOne]);
      expect(found.join('\n')).toMatch(/clients\/[0-9a-f-]{36}\.name: device=undefined server="/);
    } finally {
      spy.mockRestore();
    }
  });
});
