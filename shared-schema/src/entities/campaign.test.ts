import { describe, expect, it } from 'vitest';
import { campaignCreateSchema, campaignFiltersSchema, campaignUpdateSchema } from './campaign';
import { clientMatchesCampaignFilters } from './campaign-rules';

describe('campaignCreateSchema', () => {
  it('requires a name and at least one target', () => {
    const r = campaignCreateSchema.safeParse({ name: ' ', targetCount: 0 });
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'Nome da campanha é obrigatório',
      'O número de contactos deve ser pelo menos 1',
    ]);
  });

  it('defaults target 20, status active and empty filters', () => {
    expect(campaignCreateSchema.parse({ name: 'Lisboa T2', completedCount: 9 })).toEqual({
      name: 'Lisboa T2',
      filters: {},
      targetCount: 20,
      status: 'active',
    });
  });

  it('update adds no defaults', () => {
    expect(campaignUpdateSchema.parse({ name: 'x' })).toEqual({ name: 'x' });
  });
});

describe('campaignFiltersSchema', () => {
  it('reads form values', () => {
    expect(
      campaignFiltersSchema.parse({
        clientType: 'all',
        minRating: '3',
        hasPhone: true,
        zone: '',
        minBudget: '100000',
        lastContactDays: '90',
      }),
    ).toEqual({
      clientType: null,
      minRating: 3,
      hasPhone: true,
      zone: null,
      minBudget: 100000,
      lastContactDays: 90,
    });
    expect(campaignFiltersSchema.parse({ lastContactDays: 'any' }).lastContactDays).toBeNull();
    expect(campaignFiltersSchema.safeParse({ minRating: 7 }).success).toBe(false);
  });
});

describe('clientMatchesCampaignFilters', () => {
  const client = {
    type: 'Comprador',
    rating: 4,
    phone: '912345678',
    customFields: { budget: 300000, zone: 'Lisboa, Alvalade' },
  };

  it('requires a phone', () => {
    expect(clientMatchesCampaignFilters({ ...client, phone: ' ' }, {})).toBe(false);
    expect(clientMatchesCampaignFilters(client, {})).toBe(true);
  });

  it('matches type, rating, zone substring and budget', () => {
    expect(clientMatchesCampaignFilters(client, { clientType: 'Vendedor' })).toBe(false);
    expect(clientMatchesCampaignFilters(client, { minRating: 5 })).toBe(false);
    expect(clientMatchesCampaignFilters(client, { zone: 'alvalade' })).toBe(true);
    expect(clientMatchesCampaignFilters(client, { zone: 'Porto' })).toBe(false);
    expect(clientMatchesCampaignFilters(client, { minBudget: 200000, maxBudget: 300000 })).toBe(true);
    expect(clientMatchesCampaignFilters(client, { maxBudget: 299999.99 })).toBe(false);
    const seller = {
      type: 'Vendedor',
      phone: '1',
      customFields: { propertyValue: '500000', location: 'Cascais' },
    };
    expect(clientMatchesCampaignFilters(seller, { minBudget: 400000, zone: 'casc' })).toBe(true);
  });

  it('needs more days since last contact than the filter', () => {
    expect(clientMatchesCampaignFilters(client, { lastContactDays: 30 }, 31)).toBe(true);
    expect(clientMatchesCampaignFilters(client, { lastContactDays: 30 }, 30)).toBe(false);
    expect(clientMatchesCampaignFilters(client, { lastContactDays: 30 }, null)).toBe(true);
  });
});
