import { randomUUID } from 'node:crypto';
import { birthdayMonthDaysOn } from '@casa/shared-schema';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../../../test/db';
import { createMember } from '../../../test/factories';
import type * as ScopeModule from '../../db/scope';
import type { DomainCtx } from '../../http/context';
import { addInteraction } from '../interactions/interactions.domain';
import { setClientTags, createTag } from '../tags/tags.domain';
import { createClient, deleteClient } from './clients.domain';
import { fromDbRow } from '../../db/rows';
import { toClient } from './clients.policy';
import { birthdaysToday, clientsWithInteractions } from './clients.views';

// Lets a test make one scope write fail, to check that nothing of the transaction remains.
const failing = vi.hoisted(() => ({ softDelete: null as string | null }));
vi.mock('../../db/scope', async (importOriginal) => {
  const mod = await importOriginal<typeof ScopeModule>();
  return {
    ...mod,
    forOrganization: (...args: Parameters<typeof mod.forOrganization>) => {
      const scope = mod.forOrganization(...args);
      return {
        ...scope,
        softDelete: async (...a: Parameters<typeof scope.softDelete>) => {
          if (failing.softDelete === a[0]) throw new Error(`simulated failure on ${a[0]}`);
          return scope.softDelete(...a);
        },
      };
    },
  };
});

let db: TestDb;
let base: Omit<DomainCtx, 'now'>;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db?.destroy());

async function freshCtx(): Promise<Omit<DomainCtx, 'now'>> {
  const { organization, user } = await createMember(db.knex, 'agent');
  return {
    db: db.knex,
    auth: { userId: user.id, organizationId: organization.id, role: 'agent', isSuperAdmin: false },
    log,
  };
}
const at = (now: string): DomainCtx => ({ ...base, now });

describe('birthdays today (Lisbon calendar day)', () => {
  beforeAll(async () => {
    base = await freshCtx();
    const now = '2026-01-10T12:00:00.000Z';
    for (const [name, birthday] of [
      ['Catorze', '1985-07-14'],
      ['Quinze', '1990-07-15'],
      ['Bissexto', '2000-02-29'],
      ['Vinte e Oito', '1977-02-28'],
      ['Sem Data', null],
    ] as const) {
      await createClient(at(now), { name, type: 'Vendedor', birthday });
    }
  });

  const names = async (now: string) => (await birthdaysToday(at(now))).map((c) => c.name);

  it('switches at Lisbon midnight, not UTC midnight (summer time, UTC+1)', async () => {
    expect(await names('2026-07-14T22:59:59.000Z')).toEqual(['Catorze']); // 23:59 on the 14th in Lisbon
    expect(await names('2026-07-14T23:00:00.000Z')).toEqual(['Quinze']); // 00:00 on the 15th in Lisbon
    expect(await names('2026-07-15T12:00:00.000Z')).toEqual(['Quinze']);
  });

  it('celebrates 29 February on 28 February in common years only', async () => {
    expect(await names('2027-02-28T10:00:00.000Z')).toEqual(['Bissexto', 'Vinte e Oito']);
    expect(await names('2028-02-28T10:00:00.000Z')).toEqual(['Vinte e Oito']);
    expect(await names('2028-02-29T10:00:00.000Z')).toEqual(['Bissexto']);
    expect(birthdayMonthDaysOn('2027-02-28T10:00:00.000Z')).toEqual(['02-28', '02-29']);
  });

  it('never shows another organization’s clients', async () => {
    const other = await freshCtx();
    expect(await birthdaysToday({ ...other, now: '2026-07-15T12:00:00.000Z' })).toEqual([]);
  });
});

describe('clients with interactions', () => {
  it('counts Lisbon calendar days since the latest interaction or cold call', async () => {
    base = await freshCtx();
    const start = '2026-03-01T10:00:00.000Z';
    const never = await createClient(at(start), { name: 'Nunca', type: 'Vendedor' });
    const late = await createClient(at(start), { name: 'Tarde', type: 'Vendedor' });
    const called = await createClient(at(start), { name: 'Chamado', type: 'Vendedor' });
    // 23:30 Lisbon on 14 July (UTC+1), seen one hour later (00:30 on the 15th): one calendar day.
    await addInteraction(at('2026-07-14T22:30:00.000Z'), { clientId: late.id, type: 'Email' });
    await addInteraction(at('2026-07-01T10:00:00.000Z'), {
      clientId: called.id,
      type: 'Reunião',
      result: 'Interessado',
    });
    await db.knex('cold_calls').insert({
      id: randomUUID(),
      organization_id: base.auth.organizationId,
      client_id: called.id,
      result: 'Atendeu',
      called_at: '2026-07-10T10:00:00.000Z',
      created_at: '2026-07-10T10:00:00.000Z',
      updated_at: '2026-07-10T10:00:00.000Z',
    });

    const list = await clientsWithInteractions(at('2026-07-14T23:30:00.000Z'));
    const byName = new Map(list.map((c) => [c.name, c]));
    expect(list).toHaveLength(3);
    expect(byName.get('Nunca')).toMatchObject({
      id: never.id,
      daysSinceLastContact: null,
      lastInteraction: null,
    });
    expect(byName.get('Tarde')).toMatchObject({
      daysSinceLastContact: 1,
      lastInteraction: { type: 'Email', result: null, createdAt: '2026-07-14T22:30:00.000Z' },
    });
    expect(byName.get('Chamado')).toMatchObject({
      daysSinceLastContact: 5,
      lastInteraction: { type: 'Cold Call', result: 'Atendeu', createdAt: '2026-07-10T10:00:00.000Z' },
      lastContactDate: '2026-07-10T10:00:00.000Z',
    });
    // Deleted interactions do not count.
    await db.knex('client_interactions').where({ client_id: late.id }).update({ deleted_at: start });
    const again = await clientsWithInteractions(at('2026-07-14T23:30:00.000Z'));
    expect(again.find((c) => c.id === late.id)?.daysSinceLastContact).toBeNull();
  });
});

describe('deleteClient', () => {
  it('leaves nothing half-written when a step fails', async () => {
    base = await freshCtx();
    const now = '2026-05-01T10:00:00.000Z';
    const client = await createClient(at(now), { name: 'Resiste', type: 'Vendedor' });
    const { tag } = await createTag(at(now), { name: 'Fica' });
    await setClientTags(at(now), { clientId: client.id, tagIds: [tag.id] });
    await addInteraction(at(now), { clientId: client.id, type: 'Email' });

    failing.softDelete = 'clients';
    try {
      await expect(deleteClient(at(now), { id: client.id })).rejects.toThrow('simulated failure on clients');
    } finally {
      failing.softDelete = null;
    }
    for (const table of ['clients', 'client_tags', 'client_interactions']) {
      const rows = await db.knex(table).where(table === 'clients' ? 'id' : 'client_id', client.id);
      expect(rows.length, table).toBe(1);
      expect(rows[0].deleted_at, table).toBeNull();
    }
    const log = await db.knex('sync_changes').where({ row_id: client.id, op: 'delete' });
    expect(log).toHaveLength(0);

    await deleteClient(at(now), { id: client.id });
    expect((await db.knex('clients').where({ id: client.id }).first()).deleted_at).not.toBeNull();
    expect(await db.knex('sync_changes').where({ row_id: client.id, op: 'delete' })).toHaveLength(1);
  });

  it('refuses viewers with the forbidden message', async () => {
    base = await freshCtx();
    const client = await createClient(at('2026-05-01T10:00:00.000Z'), { name: 'Visto', type: 'Vendedor' });
    const viewerCtx = { ...at('2026-05-01T10:00:00.000Z'), auth: { ...base.auth, role: 'viewer' as const } };
    await expect(deleteClient(viewerCtx, { id: client.id })).rejects.toMatchObject({
      status: 403,
      message: 'Não tem permissões para executar esta operação.',
    });
  });
});

describe('toClient', () => {
  it('maps a stored row exactly as fromDbRow does (without search_text)', async () => {
    base = await freshCtx();
    const created = await createClient(at('2026-05-01T10:00:00.000Z'), {
      name: 'Mapeado',
      type: 'Investidor',
      email: 'mapa@exemplo.pt',
      birthday: '1970-12-31',
      customFields: { expectedReturn: '5,5', zone: 'Porto' },
    });
    const { tag } = await createTag(at('2026-05-01T10:00:00.000Z'), { name: 'Mapa' });
    await setClientTags(at('2026-05-02T10:00:00.000Z'), { clientId: created.id, tagIds: [tag.id] });
    const { search_text: searchText, ...row } = await db.knex('clients').where({ id: created.id }).first();
    expect(typeof searchText).toBe('string');
    const mapped = toClient({ ...row, search_text: searchText });
    expect(mapped).toEqual(fromDbRow('clients', row));
    expect(mapped).toMatchObject({ tags: ['Mapa'], customFields: { expectedReturn: 5.5, zone: 'Porto' } });
  });
});
