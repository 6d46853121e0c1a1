import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ColdCall, FollowUp, Interaction } from '@casa/shared-schema';
import { ReplicaDb } from '../../data/db';
import { overdueFollowUpCount } from '../follow-ups/follow-ups.queries';
import { activityFacts } from './reports.queries';

let db: ReplicaDb | undefined;
afterEach(async () => {
  await db?.delete();
});

let n = 0;
const id = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const isoOf = (ms: number) => new Date(ms).toISOString();

describe('report reads', () => {
  it('reads the window by index range and keeps the converted calls apart', async () => {
    db = new ReplicaDb(`reports-${Math.random()}`);
    await db.interactions.bulkAdd([
      { id: id(), clientId: id(), createdAt: '2026-11-10T10:00:00.000Z' },
      { id: id(), clientId: id(), createdAt: '2026-11-20T10:00:00.000Z' },
      { id: id(), clientId: id(), createdAt: '2026-11-01T10:00:00.000Z' },
    ] as unknown as Interaction[]);
    await db.followUps.bulkAdd([
      {
        id: id(),
        clientId: id(),
        scheduledDate: '2026-11-01T10:00:00.000Z',
        completed: true,
        completedAt: '2026-11-15T10:00:00.000Z',
      },
      {
        id: id(),
        clientId: id(),
        scheduledDate: '2026-11-02T10:00:00.000Z',
        completed: false,
        completedAt: null,
      },
      {
        id: id(),
        clientId: id(),
        scheduledDate: '2026-12-02T10:00:00.000Z',
        completed: false,
        completedAt: null,
      },
    ] as unknown as FollowUp[]);
    await db.coldCalls.bulkAdd([
      { id: id(), calledAt: '2026-11-12T10:00:00.000Z', result: 'Interessado' },
      { id: id(), calledAt: '2026-11-13T10:00:00.000Z', result: 'Não Atendeu' },
      { id: id(), calledAt: '2026-11-14T10:00:00.000Z', result: 'Agendar Follow-up' },
      { id: id(), calledAt: '2026-11-14T11:00:00.000Z', result: null },
      { id: id(), calledAt: '2026-11-30T10:00:00.000Z', result: 'Interessado' },
    ] as unknown as ColdCall[]);

    const facts = await activityFacts(db, {
      start: Date.parse('2026-11-05T00:00:00Z'),
      end: Date.parse('2026-11-25T00:00:00Z'),
    });
    expect(facts.interactions.map(isoOf)).toEqual(['2026-11-10T10:00:00.000Z', '2026-11-20T10:00:00.000Z']);
    expect(facts.followUpsCompleted.map(isoOf)).toEqual(['2026-11-15T10:00:00.000Z']);
    expect(facts.calls).toHaveLength(4);
    expect(facts.convertedCalls.map(isoOf)).toEqual(['2026-11-12T10:00:00.000Z', '2026-11-14T10:00:00.000Z']);

    expect(await overdueFollowUpCount(db, new Date('2026-11-23T10:00:00Z'))).toBe(1);
    expect(await overdueFollowUpCount(db, new Date('2026-12-23T10:00:00Z'))).toBe(2);
  });
});
