// No-break space: '€ 250 000' never breaks across lines on a phone.
const NBSP = '\u00a0';

/** Whole euros from cents, grouped by thousands with spaces: 25 000 000 → '€ 250 000' (the property format). */
export function formatWholeEuros(cents: number): string {
  const euros = Math.round(cents / 100);
  const digits = String(Math.abs(euros)).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${euros < 0 ? '-' : ''}€${NBSP}${digits}`;
}

/** A property's asking price: '€ 250 000', or '€ 950/mês' for a rent; null when there is none. */
export function formatPropertyPrice(p: { priceCents: number | null; business: string }): string | null {
  if (p.priceCents == null) return null;
  return `${formatWholeEuros(p.priceCents)}${p.business === 'Arrendamento' ? '/mês' : ''}`;
}
