import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ReplicaDb } from '../../data/db';
import { createMutators } from '../../data/mutators';
import { AGENT, clientRow, ORG } from '../../data/testing/fixtures';
import { recentActivity } from '../dashboard/dashboard.queries';
import { logMarathonCall } from './marathon-call.actions';

let db: ReplicaDb | undefined;
afterEach(async () => {
  await db?.delete();
});

describe('a marathon result', () => {
  it("stores the call and its interaction pointing at it, shown once in 'Atividade Recente'", async () => {
    db = new ReplicaDb(`marathon-${Math.random()}`);
    const client = clientRow({ organizationId: ORG, phone: '912345678' });
    await db.clients.put(client);
    const mutate = createMutators({
      db,
      session: () => ({ userId: AGENT, organizationId: ORG, role: 'agent' }),
    });

    const call = await logMarathonCall(mutate, { clientId: client.id, result: 'Interessado' });

    const [interaction] = await db.interactions.toArray();
    expect(interaction).toMatchObject({
      clientId: client.id,
      type: 'Cold Call',
      direction: 'outgoing',
      result: 'Interessado',
      summary: 'Chamada (Modo Maratona): Interessado',
      duration: 2,
      followUpRequired: true,
      relatedId: call.id,
    });
    expect(await db.coldCalls.get(call.id!)).toMatchObject({ duration: 2, followUpNeeded: true });
    const activity = await recentActivity(db);
    expect(activity.map((item) => [item.kind, item.id])).toEqual([['call', call.id]]);
  });
});
