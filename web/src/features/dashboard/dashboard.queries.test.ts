import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ColdCall, FollowUp, Interaction, Property } from '@casa/shared-schema';
import { ReplicaDb } from '../../data/db';
import { clientRow, ORG } from '../../data/testing/fixtures';
import {
  callFigures,
  clientFigures,
  followUpFigures,
  lastContactsOf,
  propertyFigures,
  recentActivity,
  recentContacts,
} from './dashboard.queries';

const C1 = 'c1000000-0000-4000-8000-000000000001';
const C2 = 'c1000000-0000-4000-8000-000000000002';
let seq = 0;
const id = () => `a0000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;
const stamps = (at: string) => ({ id: id(), organizationId: ORG, createdAt: at, updatedAt: at });

const followUp = (scheduledDate: string, over: Partial<FollowUp> = {}): FollowUp => ({
  ...stamps('2026-01-01T00:00:00.000Z'),
  agentId: null,
  clientId: C1,
  title: `fu ${seq}`,
  description: null,
  type: 'Telefonar',
  scheduledDate,
  completed: false,
  completedAt: null,
  completionComment: null,
  notes: null,
  createdBy: null,
  ...over,
});

const call = (calledAt: string, result: ColdCall['result'], clientId: string | null = C1): ColdCall => ({
  ...stamps(calledAt),
  agentId: null,
  clientId,
  campaignId: null,
  phoneNumber: null,
  result,
  notes: null,
  duration: 2,
  followUpNeeded: false,
  createdBy: null,
  calledAt,
});

const interaction = (createdAt: string, over: Partial<Interaction> = {}): Interaction => ({
  ...stamps(createdAt),
  agentId: null,
  clientId: C1,
  type: 'Email',
  direction: 'outgoing',
  result: null,
  summary: null,
  notes: null,
  duration: null,
  followUpRequired: false,
  followUpDate: null,
  relatedId: null,
  createdBy: null,
  ...over,
});

const property = (createdAt: string, over: Partial<Property> = {}): Property => ({
  ...stamps(createdAt),
  deletedAt: null,
  reference: `CASA-${String(seq).padStart(6, '0')}`,
  title: 'T2',
  business: 'Venda',
  propertyType: 'Apartamento',
  typology: 'T2',
  bedrooms: null,
  bathrooms: null,
  usableArea: null,
  grossArea: null,
  landArea: null,
  priceCents: 20_000_000,
  condition: null,
  energyClass: null,
  yearBuilt: null,
  features: [],
  distrito: null,
  concelho: null,
  freguesia: null,
  street: null,
  postalCode: null,
  status: 'Disponível',
  ownerClientId: null,
  agentId: null,
  mediationExclusive: false,
  mediationStart: null,
  mediationEnd: null,
  commissionPercent: null,
  notes: null,
  createdBy: null,
  ...over,
});

const client = (name: string, createdAt: string) => clientRow({ ...stamps(createdAt), name });

let db: ReplicaDb | undefined;
afterEach(async () => {
  await db?.delete();
});
const open = () => (db = new ReplicaDb(`dashboard-test-${Math.random()}`));

describe('dashboard replica reads', () => {
  it('counts the clients, this and the previous Lisbon month’s new ones at the edges and lists the newest 5', async () => {
    const d = open();
    const now = new Date('2026-04-10T12:00:00Z');
    await d.clients.bulkPut([
      client('Março fim', '2026-03-31T22:59:59.000Z'), // 23:59 Lisbon, March
      client('Abril início', '2026-03-31T23:00:00.000Z'), // 00:00 Lisbon, April
      client('Fevereiro fim', '2026-02-28T23:59:00.000Z'), // still February (winter)
      client('Março início', '2026-03-01T00:00:00.000Z'),
      client('Abril 2', '2026-04-09T10:00:00.000Z'),
      client('Abril 3', '2026-04-10T10:00:00.000Z'),
      client('Antigo', '2025-01-01T10:00:00.000Z'),
      client('Antigo 2', '2025-01-01T10:00:00.000Z'),
    ]);
    const f = await clientFigures(d, now);
    expect(f.total).toBe(8);
    expect(f.created).toEqual({ thisMonth: 3, previousMonth: 2, changePercent: 50 });
    expect(f.newest.map((c) => c.name)).toEqual([
      'Abril 3',
      'Abril 2',
      'Abril início',
      'Março fim',
      'Março início',
    ]);
  });

  it('counts the Disponível properties and this/previous Lisbon month’s new angariações', async () => {
    const d = open();
    const now = new Date('2026-04-10T12:00:00Z');
    await d.properties.bulkPut([
      property('2026-03-31T23:00:00.000Z'), // 00:00 Lisbon, April
      property('2026-04-09T10:00:00.000Z', { status: 'Em angariação' }),
      property('2026-04-09T11:00:00.000Z', { status: 'Vendido' }),
      property('2026-03-31T22:59:59.000Z'), // 23:59 Lisbon, March
      property('2025-06-01T10:00:00.000Z', { status: 'Reservado' }),
      property('2026-04-01T10:00:00.000Z', { deletedAt: '2026-04-02T10:00:00.000Z' }),
    ]);
    expect(await propertyFigures(d, now)).toEqual({
      available: 2,
      acquired: { thisMonth: 3, previousMonth: 1, changePercent: 200 },
    });
    expect(await propertyFigures(open(), now)).toEqual({
      available: 0,
      acquired: { thisMonth: 0, previousMonth: 0, changePercent: 0 },
    });
  });

  it('answers zeros and no newest clients for an empty replica', async () => {
    expect(await clientFigures(open(), new Date('2026-04-10T12:00:00Z'))).toEqual({
      total: 0,
      created: { thisMonth: 0, previousMonth: 0, changePercent: 0 },
      newest: [],
    });
  });

  it('counts today’s, overdue and this/previous month’s completed follow-ups by Lisbon time', async () => {
    const d = open();
    // 2026-03-29 is a 23-hour DST day in Lisbon; now is 13:00 there.
    const now = new Date('2026-03-29T12:00:00Z');
    await d.followUps.bulkPut([
      followUp('2026-03-28T23:30:00.000Z', { title: 'ontem' }),
      followUp('2026-03-29T08:00:00.000Z', { title: 'hoje cedo' }),
      followUp('2026-03-29T22:30:00.000Z', { title: 'hoje tarde' }),
      followUp('2026-03-29T23:00:00.000Z', { title: 'amanhã' }),
      followUp('2026-03-10T10:00:00.000Z', { completed: true, completedAt: '2026-03-01T00:00:00.000Z' }),
      followUp('2026-02-10T10:00:00.000Z', { completed: true, completedAt: '2026-02-28T23:59:00.000Z' }),
      followUp('2026-02-10T10:00:00.000Z', { completed: true, completedAt: '2026-02-02T10:00:00.000Z' }),
    ]);
    const f = await followUpFigures(d, now);
    expect(f.today.map((x) => x.title)).toEqual(['hoje cedo', 'hoje tarde']);
    expect(f.overdue).toBe(2); // 'ontem' and 'hoje cedo'
    expect(f.completed).toEqual({ thisMonth: 1, previousMonth: 2, changePercent: -50 });
  });

  it('counts today’s calls, the conversion rate overall and per month', async () => {
    const d = open();
    const now = new Date('2026-07-01T10:00:00Z');
    await d.coldCalls.bulkPut([
      call('2026-06-30T23:10:00.000Z', 'Interessado'), // 1 July 00:10 in Lisbon: today
      call('2026-07-01T09:00:00.000Z', 'Não Atendeu'),
      call('2026-06-30T22:50:00.000Z', 'Agendar Follow-up'), // 30 June in Lisbon
      call('2026-06-02T10:00:00.000Z', 'Recusou'),
      call('2026-05-02T10:00:00.000Z', 'Atendeu'),
    ]);
    const f = await callFigures(d, now);
    expect(f.callsToday).toBe(2);
    expect(f.totalCalls).toBe(5);
    expect(f.conversionRate).toBe(40);
    expect(f.calls).toEqual({ thisMonth: 2, previousMonth: 2, changePercent: 0 });
    expect(f.monthRate).toBe(50);
    expect(f.previousMonthRate).toBe(50);
    const empty = await callFigures(d, new Date('2026-09-10T10:00:00Z'));
    expect(empty.monthRate).toBeNull();
    expect(empty.previousMonthRate).toBeNull();
  });

  it('merges the latest interactions and calls, a marathon call shown once', async () => {
    const d = open();
    const c = call('2026-05-01T10:05:00.000Z', 'Atendeu');
    await d.coldCalls.put(c);
    await d.interactions.bulkPut([
      interaction('2026-05-01T10:05:01.000Z', { type: 'Cold Call', relatedId: c.id, summary: 'marathon' }),
      interaction('2026-05-01T11:00:00.000Z', { summary: 'email' }),
      interaction('2026-04-01T11:00:00.000Z', { summary: 'antiga' }),
    ]);
    const items = await recentActivity(d, 2);
    expect(items.map((i) => (i.kind === 'call' ? 'call' : i.interaction.summary))).toEqual(['email', 'call']);
  });

  it('shows a marathon pair stored before relatedId once too, and keeps a separate Cold Call interaction', async () => {
    const d = open();
    const c = call('2026-05-01T10:05:00.000Z', 'Interessado');
    await d.coldCalls.put(c);
    const legacy: Partial<Interaction> = {
      type: 'Cold Call',
      result: 'Interessado',
      summary: 'Chamada (Modo Maratona): Interessado',
    };
    const own: Partial<Interaction> = { ...legacy, summary: 'Chamada de prospeção' };
    await d.interactions.bulkPut([
      interaction('2026-05-01T10:05:02.000Z', legacy),
      interaction('2026-05-01T10:05:03.000Z', own),
      interaction('2026-05-01T12:00:00.000Z', legacy), // two hours later: another contact
    ]);
    const items = await recentActivity(d);
    expect(items.map((i) => (i.kind === 'call' ? 'call' : i.interaction.createdAt))).toEqual([
      '2026-05-01T12:00:00.000Z',
      '2026-05-01T10:05:03.000Z',
      'call',
    ]);
  });

  it('finds the last contact within 30 days by range, and any contact of a few clients', async () => {
    const d = open();
    const now = new Date('2026-05-31T10:00:00Z');
    await d.interactions.bulkPut([
      interaction('2026-05-30T10:00:00.000Z', { clientId: C1 }),
      interaction('2026-03-01T10:00:00.000Z', { clientId: C2 }),
    ]);
    await d.coldCalls.bulkPut([
      call('2026-05-31T09:00:00.000Z', 'Atendeu', C1),
      call('2026-03-05T09:00:00.000Z', 'Atendeu', C2),
    ]);
    expect([...(await recentContacts(d, now))]).toEqual([[C1, '2026-05-31T09:00:00.000Z']]);
    const any = await lastContactsOf(d, [C1, C2, 'c1000000-0000-4000-8000-000000000009']);
    expect(any.get(C2)).toBe('2026-03-05T09:00:00.000Z');
    expect(any.size).toBe(2);
  });
});
