import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/db';
import { createOrganization } from '../../test/factories';
import type { DomainCtx } from '../lib/domain-context';
import { inTransaction, runPostCommit } from './transaction';

let db: TestDb;
let orgId: string;
let logs: Record<string, unknown>[];

beforeAll(async () => {
  db = await createTestDb();
  orgId = (await createOrganization(db.knex)).id;
});
afterAll(() => db.destroy());

function ctx(): DomainCtx {
  logs = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line)) });
  return {
    db: db.knex,
    auth: { userId: randomUUID(), organizationId: orgId, role: 'admin', isSuperAdmin: false },
    now: new Date().toISOString(),
    log,
  };
}

/** A raw row in a table the transaction helper knows nothing about (tags), by name. */
async function insertTag(trx: DomainCtx['db'], name: string): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await trx('tags').insert({ id, organization_id: orgId, name, created_at: now, updated_at: now });
  return id;
}

const tagExists = async (id: string) => Boolean(await db.knex('tags').where({ id }).first());

describe('inTransaction', () => {
  it('commits everything fn wrote and returns its result', async () => {
    const c = ctx();
    const result = await inTransaction(c, async (tx) => {
      expect(tx.db.isTransaction).toBe(true);
      expect(tx.auth).toBe(c.auth);
      const a = await insertTag(tx.db, `commit-a-${randomUUID()}`);
      const b = await insertTag(tx.db, `commit-b-${randomUUID()}`);
      return [a, b];
    });
    expect(await tagExists(result[0]!)).toBe(true);
    expect(await tagExists(result[1]!)).toBe(true);
  });

  it('rolls back every write when fn throws, and rethrows', async () => {
    let written = '';
    const boom = new Error('falhou a meio');
    await expect(
      inTransaction(ctx(), async (tx) => {
        written = await insertTag(tx.db, `rollback-${randomUUID()}`);
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(written).not.toBe('');
    expect(await tagExists(written)).toBe(false);
  });

  it('runs post-commit tasks only after the commit, with the data visible', async () => {
    const seen: boolean[] = [];
    let id = '';
    await inTransaction(ctx(), async (tx) => {
      id = await insertTag(tx.db, `pc-${randomUUID()}`);
      tx.postCommit(async () => {
        seen.push(await tagExists(id)); // read outside the transaction: only true once committed
      });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([true]);
  });

  it('drops post-commit tasks on rollback', async () => {
    let ran = 0;
    await expect(
      inTransaction(ctx(), async (tx) => {
        tx.postCommit(async () => {
          ran++;
        });
        throw new Error('não');
      }),
    ).rejects.toThrow('não');
    expect(ran).toBe(0);
  });

  it('logs a failing task without throwing, and still runs the others', async () => {
    const c = ctx();
    let other = 0;
    const id = await inTransaction(c, async (tx) => {
      tx.postCommit(() => Promise.reject(new Error('push falhou')));
      tx.postCommit(() => {
        throw new Error('síncrono');
      });
      tx.postCommit(async () => {
        other++;
      });
      return insertTag(tx.db, `fail-${randomUUID()}`);
    });
    expect(await tagExists(id)).toBe(true);
    expect(other).toBe(1);
    const errors = logs.filter((l) => l.level === 50);
    expect(errors).toHaveLength(2);
    expect(errors.map((l) => (l.err as { message: string }).message).sort()).toEqual([
      'push falhou',
      'síncrono',
    ]);
  });

  it('reuses an outer transaction: inner tasks wait for the OUTER commit', async () => {
    const order: string[] = [];
    let innerId = '';
    let visible = false;
    await inTransaction(ctx(), async (outer) => {
      await inTransaction(outer, async (inner) => {
        expect(inner.db.isTransaction).toBe(true);
        innerId = await insertTag(inner.db, `nested-${randomUUID()}`);
        inner.postCommit(async () => {
          order.push('inner');
          visible = await tagExists(innerId);
        });
      });
      order.push('inner returned');
      outer.postCommit(async () => {
        order.push('outer');
      });
    });
    // Tasks start in the order they were queued (then run concurrently).
    expect(order).toEqual(['inner returned', 'inner', 'outer']);
    expect(visible).toBe(true);
  });

  it('undoes only the nested call that threw, and drops its tasks', async () => {
    const ran: string[] = [];
    let kept = '';
    let undone = '';
    await inTransaction(ctx(), async (outer) => {
      kept = await insertTag(outer.db, `kept-${randomUUID()}`);
      await inTransaction(outer, async (inner) => {
        undone = await insertTag(inner.db, `undone-${randomUUID()}`);
        inner.postCommit(async () => void ran.push('inner'));
        throw new Error('mutação rejeitada');
      }).catch(() => undefined);
      outer.postCommit(async () => void ran.push('outer'));
    });
    expect(await tagExists(kept)).toBe(true);
    expect(await tagExists(undone)).toBe(false);
    expect(ran).toEqual(['outer']);
  });

  it('rolls back nested writes when the outer transaction fails', async () => {
    let ran = 0;
    let innerId = '';
    await expect(
      inTransaction(ctx(), async (outer) => {
        await inTransaction(outer, async (inner) => {
          innerId = await insertTag(inner.db, `lost-${randomUUID()}`);
          inner.postCommit(async () => void ran++);
        });
        throw new Error('outer falhou');
      }),
    ).rejects.toThrow('outer falhou');
    expect(await tagExists(innerId)).toBe(false);
    expect(ran).toBe(0);
  });

  it('runPostCommit runs the tasks queued in a transaction opened with knex.transaction', async () => {
    const c = ctx();
    const ran: string[] = [];
    const trx = await db.knex.transaction();
    await inTransaction({ ...c, db: trx }, async (tx) => {
      await insertTag(tx.db, `engine-${randomUUID()}`);
      tx.postCommit(async () => void ran.push('a'));
    });
    expect(ran).toEqual([]);
    await trx.commit();
    await runPostCommit(trx, c.log);
    expect(ran).toEqual(['a']);
  });
});
