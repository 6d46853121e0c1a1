import type { Property, PropertyBusiness } from '@casa/shared-schema';
import { formatPropertyPrice } from '@casa/shared-schema/values';

const AREA = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 2, useGrouping: 'always' });

/** Intl's group separator is a (narrow) no-break space; the app writes a plain one ('€ 250 000'). */
const plainSpaces = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

/** '€ 250 000', '€ 1 250/mês' for a rent (the shared formatPropertyPrice); 'Preço sob consulta' without one. */
export function propertyPriceText(priceCents: number | null, business: PropertyBusiness): string {
  return formatPropertyPrice({ priceCents, business }) ?? 'Preço sob consulta';
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
