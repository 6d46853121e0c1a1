import { describe, expect, it, vi } from 'vitest';
import { createTestDb, migrationsHash, TEST_DIALECT } from './db';

describe(`createTestDb (${TEST_DIALECT})`, () => {
  // Two clones at once while other test files clone theirs: more than the default 5 s on a busy machine.
  it('gives a fresh, migrated, empty and isolated database per call', { timeout: 30_000 }, async () => {
    const [a, b] = await Promise.all([createTestDb(), createTestDb()]);
    try {
      expect(a.config).not.toEqual(b.config);
      expect(a.config.client).toBe(TEST_DIALECT);
      await a
        .knex('packages')
        .insert({ id: '00000000-0000-4000-8000-0000000000aa', name: 'x', display_name: 'X' });
      expect(Number((await a.knex('packages').count({ n: '*' }).first())?.n)).toBe(1);
      expect(Number((await b.knex('packages').count({ n: '*' }).first())?.n)).toBe(0);
      expect(await b.knex.schema.hasTable('notifications')).toBe(true);
    } finally {
      await a.destroy();
      await b.destroy();
    }
    await expect(a.knex.raw('select 1')).rejects.toThrow();
  });

  it('names templates after the migration sources', () => {
    expect(migrationsHash()).toMatch(/^[0-9a-f]{12}$/);
    expect(migrationsHash()).toBe(migrationsHash());
  });

  it('lets a test that expects console.error silence it', () => {
    vi.mocked(console.error).mockImplementation(() => {});
    console.error('esperado');
    expect(console.error).toHaveBeenCalledWith('esperado');
  });
});
