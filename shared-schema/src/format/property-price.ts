import { formatPriceCents } from './currency';

// A property's money, one way everywhere (the list, the property screen, the reports, the public sheet):
// formatPriceCents' '€ 250 000' with no-break spaces, so a price never wraps on a phone.

/** Whole euros from cents: '€ 250 000' (a price per m², a report's average). */
export function formatWholeEuros(cents: number): string {
  return formatPriceCents(Math.round(cents / 100) * 100);
}

/** A property's asking price: '€ 250 000', or '€ 950/mês' for a rent; null when there is none. */
export function formatPropertyPrice(p: { priceCents: number | null; business: string }): string | null {
  if (p.priceCents == null) return null;
  return `${formatPriceCents(p.priceCents)}${p.business === 'Arrendamento' ? '/mês' : ''}`;
}
