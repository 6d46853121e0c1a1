import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/db';
import { createOrganization } from '../../test/factories';
import { testDomainCtx } from '../../test/domain-ctx';
import type { DomainCtx } from '../lib/domain-context';
import { seqCached, seqCacheSize, type SeqCacheSpec } from './seq-cache';

let db: TestDb;
let orgId: string;
beforeAll(async () => {
  db = await createTestDb();
  orgId = (await createOrganization(db.knex)).id;
});
afterAll(() => db.destroy());

const ctx = (changeSeq?: number): DomainCtx => ({
  ...testDomainCtx(db.knex, orgId),
  ...(changeSeq === undefined ? {} : { changeSeq }),
});
const bytes = (n: number) => async () => Buffer.alloc(n);

describe('seqCached bounds (db/seq-cache.ts)', () => {
  it('drops the least recently used entry past maxEntries', async () => {
    const spec: SeqCacheSpec = { maxEntries: 2 };
    let loads = 0;
    const load = async () => ++loads;
    await seqCached(ctx(1), spec, 'a', ['clients'], load);
    await seqCached(ctx(1), spec, 'b', ['clients'], load);
    await seqCached(ctx(1), spec, 'a', ['clients'], load); // a is now the most recent
    await seqCached(ctx(1), spec, 'c', ['clients'], load); // b goes
    expect(loads).toBe(3);
    expect(await seqCached(ctx(1), spec, 'a', ['clients'], load)).toBe(1);
    expect(await seqCached(ctx(1), spec, 'b', ['clients'], load)).toBe(4);
    expect(seqCacheSize(db.knex, spec).entries).toBe(2);
  });

  it('keeps at most maxBytes, and never one value over an eighth of it', async () => {
    const spec: SeqCacheSpec = { maxEntries: 100, maxBytes: 8000, sizeOf: (v) => (v as Buffer).length };
    for (const key of ['a', 'b', 'c', 'd', 'e']) await seqCached(ctx(1), spec, key, ['clients'], bytes(1000));
    await new Promise((resolve) => setImmediate(resolve));
    expect(seqCacheSize(db.knex, spec)).toEqual({ entries: 5, bytes: 5000 });
    await seqCached(ctx(1), spec, 'big', ['clients'], bytes(1001));
    await new Promise((resolve) => setImmediate(resolve));
    expect(seqCacheSize(db.knex, spec)).toEqual({ entries: 5, bytes: 5000 });
    for (const key of ['f', 'g', 'h', 'i']) await seqCached(ctx(1), spec, key, ['clients'], bytes(1000));
    await new Promise((resolve) => setImmediate(resolve));
    expect(seqCacheSize(db.knex, spec)).toEqual({ entries: 8, bytes: 8000 });
  });

  it('never caches without a seq', async () => {
    const spec: SeqCacheSpec = { maxEntries: 10 };
    let loads = 0;
    await seqCached(ctx(), spec, 'a', ['clients'], async () => ++loads);
    await seqCached(ctx(), spec, 'a', ['clients'], async () => ++loads);
    expect(loads).toBe(2);
    expect(seqCacheSize(db.knex, spec).entries).toBe(0);
  });
});
