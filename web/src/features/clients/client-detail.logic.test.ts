import { describe, expect, it } from 'vitest';
import { customFieldRows, customFieldValueText } from './client-detail.logic';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('customFieldRows', () => {
  it('shows money by the key rule, the return as a percentage, in form order then the rest', () => {
    const rows = customFieldRows('Investidor', {
      precoAlvo: '200000',
      zone: 'Porto',
      investmentBudget: 500000,
      expectedReturn: 5.5,
      budgetRange: '500 mil a 1 milhão',
      budgetNotes: '',
      preferredZones: null,
    });
    expect(rows.map((r) => [r.label, nbsp(r.value)])).toEqual([
      ['Faixa de Orçamento', '500 mil a 1 milhão'],
      ['Retorno Esperado (%)', '5,5%'],
      ['Orçamento de Investimento', '500 000,00 €'],
      ['Zona', 'Porto'],
      ['precoAlvo', '200 000,00 €'],
    ]);
  });

  it('formats the buyer budget and the seller value as euros', () => {
    expect(nbsp(customFieldValueText('budget', 250000))).toBe('250 000,00 €');
    expect(nbsp(customFieldValueText('propertyValue', 99.5))).toBe('99,50 €');
    expect(nbsp(customFieldValueText('budget', '1234.5'))).toBe('1234,50 €');
    expect(customFieldValueText('typology', 'T2')).toBe('T2');
  });
});
