import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../test/db';
import { createOrganization } from '../../../test/factories';
import { testDomainCtx } from '../../../test/domain-ctx';
import { cachedFacts } from './stats-cache';

let db: TestDb;
let orgId: string;
beforeAll(async () => {
  db = await createTestDb();
  orgId = (await createOrganization(db.knex)).id;
});
afterAll(() => db.destroy());

const ctx = (changeSeq: number) => ({ ...testDomainCtx(db.knex, orgId), changeSeq });

describe('cachedFacts', () => {
  it('loads once for concurrent misses of the same organization and seq', async () => {
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { n: loads };
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cachedFacts(ctx(7), 'clients', load)));
    expect(loads).toBe(1);
    expect(new Set(answers).size).toBe(1);
    // An older seq is served the newer facts; another kind has its own entry.
    expect(await cachedFacts(ctx(3), 'clients', load)).toBe(answers[0]);
    await cachedFacts(ctx(7), 'followUps', load);
    expect(loads).toBe(2);
  });

  it('does not keep a failed load', async () => {
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('boom');
    };
    await expect(cachedFacts(ctx(9), 'coldCalls', failing)).rejects.toThrow('boom');
    await expect(cachedFacts(ctx(9), 'coldCalls', async () => ({ ok: true }))).resolves.toEqual({ ok: true });
    expect(calls).toBe(1);
  });
});
