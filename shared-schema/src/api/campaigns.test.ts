import { describe, expect, it } from 'vitest';
import { validationMessages } from '../messages';
import { compareCampaignCandidates, rankCampaignCandidates } from '../entities/campaign-rules';
import { coldCallLogSchema } from './campaigns';

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

describe('rankCampaignCandidates', () => {
  const now = '2026-11-23T12:00:00Z';
  const client = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    type: 'Vendedor',
    phone: '912345678',
    rating: 3,
    customFields: {},
    ...extra,
  });
  const contacts: Record<string, string> = {
    a: '2026-11-20T10:00:00Z',
    b: '2026-08-01T10:00:00Z',
    c: '2026-11-23T08:00:00Z',
  };

  it('keeps the matching clients with a phone, never contacted first, then oldest contact, capped', () => {
    const clients = [client('a'), client('b'), client('c'), client('d'), client('e', { phone: ' ' })];
    const ranked = rankCampaignCandidates(clients, {}, (id) => contacts[id], now);
    expect(ranked.map((r) => r.id)).toEqual(['d', 'b', 'a', 'c']);
    expect(ranked[1]).toMatchObject({ daysSinceLastContact: 114, lastContactDate: contacts.b });
    expect(rankCampaignCandidates(clients, {}, (id) => contacts[id], now, 2).map((r) => r.id)).toEqual([
      'd',
      'b',
    ]);
  });

  it('applies lastContactDays on Lisbon calendar days', () => {
    const clients = [client('a'), client('b'), client('c'), client('d')];
    const ranked = rankCampaignCandidates(clients, { lastContactDays: 30 }, (id) => contacts[id], now);
    expect(ranked.map((r) => r.id)).toEqual(['d', 'b']);
  });
});
