import { describe, expect, it } from 'vitest';
import { validationMessages } from '../messages';
import { coldCallLogSchema, compareCampaignCandidates } from './campaigns';

describe('compareCampaignCandidates', () => {
  it('puts never-contacted first, then most days since last contact, ties by id', () => {
    const list = [
      { id: 'b', daysSinceLastContact: 3 },
      { id: 'c', daysSinceLastContact: null },
      { id: 'a', daysSinceLastContact: 3 },
      { id: 'd', daysSinceLastContact: 40 },
      { id: 'e', daysSinceLastContact: null },
    ];
    expect([...list].sort(compareCampaignCandidates).map((c) => c.id)).toEqual(['c', 'e', 'd', 'a', 'b']);
  });
});

describe('coldCallLogSchema', () => {
  const clientId = '7d0c7c3e-6c1f-4c55-9a3b-1d2e3f4a5b6c';

  it('leaves followUpNeeded absent so the server derives it, and requires a client', () => {
    expect(coldCallLogSchema.parse({ clientId, result: 'Interessado' }).followUpNeeded).toBeUndefined();
    const missing = coldCallLogSchema.safeParse({ result: 'Atendeu' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe(validationMessages.followUpClientRequired);
  });

  it('validates the follow-up of the call', () => {
    const ok = coldCallLogSchema.parse({
      clientId,
      followUp: { scheduledDate: '2031-01-01T10:00:00+01:00' },
    });
    expect(ok.followUp?.scheduledDate).toBe('2031-01-01T09:00:00.000Z');
    const bad = coldCallLogSchema.safeParse({ clientId, followUp: { scheduledDate: '' } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(validationMessages.followUpDateRequired);
  });
});
