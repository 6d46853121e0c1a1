import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, TEST_DIALECT, type TestDb } from '../../../test/db';
import { createClient, createMember } from '../../../test/factories';
import { testDomainCtx } from '../../../test/domain-ctx';
import { listClients } from './clients.views';

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.destroy());

// SQLite only: it has no statistics and chose the organization's (organization_id, id) index for a page's
// tags, scanning every client tag of the organization per page (migration 121). Postgres plans from its
// statistics, which a test database of a few rows does not reproduce.
describe.runIf(TEST_DIALECT === 'sqlite')('GET /api/clients?limit=… page tags (SQLite plan)', () => {
  it("reads a page's tags by client id, not every client tag of the organization", async () => {
    const { organization, user } = await createMember(db.knex, 'agent');
    for (let i = 0; i < 3; i++) await createClient(db.knex, organization.id);
    const statements: { sql: string; bindings: unknown[] }[] = [];
    const listener = (q: { sql: string; bindings?: unknown[] }) =>
      statements.push({ sql: q.sql, bindings: [...(q.bindings ?? [])] });
    db.knex.on('query', listener);
    try {
      await listClients(testDomainCtx(db.knex, organization.id, { userId: user.id }), { limit: '50' });
    } finally {
      db.knex.removeListener('query', listener);
    }
    const tags = statements.find((s) => /from `client_tags`/.test(s.sql));
    expect(tags).toBeDefined();
    const plan = (await db.knex.raw(`EXPLAIN QUERY PLAN ${tags!.sql}`, tags!.bindings as never)) as {
      detail: string;
    }[];
    const clientTags = plan.map((step) => step.detail).find((d) => d.includes('client_tags'));
    expect(clientTags).toContain('client_tags_live_client_index (organization_id=? AND client_id=?)');
  });
});
