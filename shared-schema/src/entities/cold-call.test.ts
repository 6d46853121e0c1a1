import { describe, expect, it } from 'vitest';
import { callLogFormSchema, coldCallCreateSchema } from './cold-call';
import { callNeedsFollowUp } from './cold-call-rules';

const ID = '0b3f2b59-9a54-4c1e-8e0b-3f5f2f1c9a10';

describe('coldCallCreateSchema', () => {
  it('drops calledAt and server fields; result, notes, duration, campaign are optional', () => {
    expect(
      coldCallCreateSchema.parse({ clientId: ID, calledAt: '2026-11-22T10:00:00Z', organizationId: ID }),
    ).toEqual({
      clientId: ID,
      followUpNeeded: false,
    });
    const c = coldCallCreateSchema.parse({
      clientId: ID,
      campaignId: null,
      result: 'Interessado',
      notes: '',
      duration: 2,
      followUpNeeded: true,
    });
    expect(c).toEqual({
      clientId: ID,
      campaignId: null,
      result: 'Interessado',
      notes: null,
      duration: 2,
      followUpNeeded: true,
    });
  });

  it('rejects unknown results', () => {
    expect(coldCallCreateSchema.safeParse({ clientId: ID, result: 'Talvez' }).success).toBe(false);
  });
});

describe('callLogFormSchema', () => {
  it('needs a result and defaults time and duration', () => {
    expect(callLogFormSchema.safeParse({}).error?.issues[0]?.message).toBe(
      'O resultado da chamada é obrigatório',
    );
    expect(callLogFormSchema.parse({ result: 'Atendeu' })).toEqual({
      result: 'Atendeu',
      duration: 0,
      scheduleFollowUp: false,
      followUpTime: '10:00',
    });
  });
});

describe('callNeedsFollowUp', () => {
  it('is true for Interessado and Agendar Follow-up', () => {
    expect(callNeedsFollowUp('Interessado')).toBe(true);
    expect(callNeedsFollowUp('Agendar Follow-up')).toBe(true);
    expect(callNeedsFollowUp('Recusou')).toBe(false);
    expect(callNeedsFollowUp(null)).toBe(false);
  });
});
