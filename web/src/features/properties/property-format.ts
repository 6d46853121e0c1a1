import type { Property, PropertyBusiness } from '@casa/shared-schema';

// Groups of three with a space, always (pt-PT's own rule leaves 4-digit numbers ungrouped: '€ 1 500'
// reads better beside '€ 250 000' on a list of prices).
const WHOLE = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 0, useGrouping: 'always' });
const DECIMALS = new Intl.NumberFormat('pt-PT', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: 'always',
});
const AREA = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 2, useGrouping: 'always' });

/** Intl's group separator is a (narrow) no-break space; the app writes a plain one ('€ 250 000'). */
const plainSpaces = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

/** '€ 250 000', '€ 1 250/mês' for a rent, cents only when there are some ('€ 750,50/mês'); null: '—'. */
export function formatPropertyPrice(priceCents: number | null, business: PropertyBusiness): string {
  if (priceCents === null) return 'Preço sob consulta';
  const euros = priceCents / 100;
  const amount = plainSpaces((priceCents % 100 === 0 ? WHOLE : DECIMALS).format(euros));
  return `€ ${amount}${business === 'Arrendamento' ? '/mês' : ''}`;
}

/** '85 m²', '120,5 m²'; null when the area is not known. */
export function formatArea(area: number | null): string | null {
  return area === null ? null : `${plainSpaces(AREA.format(area))} m²`;
}

/** The card's one line of facts: 'Apartamento · T2 · 85 m² · Lisboa' (the parts that are known). */
export function propertyFacts(
  p: Pick<Property, 'propertyType' | 'typology' | 'usableArea' | 'concelho'>,
): string {
  return [p.propertyType, p.typology, formatArea(p.usableArea), p.concelho].filter(Boolean).join(' · ');
}
