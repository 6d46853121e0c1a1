import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, TEST_DIALECT, type TestDb } from '../../../test/db';
import { createClient, createMember } from '../../../test/factories';
import { testDomainCtx } from '../../../test/domain-ctx';
import { listClients, streamClientListJson } from './clients.views';

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.destroy());

async function text(chunks: AsyncGenerator<string>): Promise<string> {
  let out = '';
  for await (const chunk of chunks) out += chunk;
  return out;
}

describe(`GET /api/clients streamed by keyset pages (${TEST_DIALECT})`, () => {
  it('sends exactly the JSON of the unpaged list, whatever the page size', async () => {
    const { organization, user } = await createMember(db.knex);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await createClient(db.knex, organization.id, { agentId: user.id }));
    await db
      .knex('clients')
      .whereIn('id', ids.slice(1, 4))
      .update({ created_at: '2026-01-01T10:00:00.000Z' });
    const ctx = testDomainCtx(db.knex, organization.id);
    const whole = JSON.stringify(await listClients(ctx));
    expect(JSON.parse(whole)).toHaveLength(7);
    for (const size of [1, 2, 3, 7, 8, 1000])
      expect(await text(await streamClientListJson(ctx, size))).toBe(whole);
  });

  it('sends [] for an organization without clients', async () => {
    const { organization } = await createMember(db.knex);
    expect(await text(await streamClientListJson(testDomainCtx(db.knex, organization.id), 2))).toBe('[]');
  });
});
