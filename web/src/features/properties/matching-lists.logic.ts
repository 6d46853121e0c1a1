import { MATCHABLE_STATUSES } from '@casa/shared-schema/values';
import { telHref, whatsappHref } from '../cold-calls/cold-calls.logic';

// The two match lists ('Compradores compatíveis', 'Imóveis compatíveis', docs/product.md#matching): how many
// are shown and how a buyer is reached. The ranking itself is shared-schema's matching.

/** Matches shown at first, and added by each 'Ver mais'. */
export const MATCHES_PAGE = 20;

/** The first `limit` matches, and how many 'Ver mais' would still show. */
export function visibleMatches<T>(ranked: readonly T[], limit: number): { shown: T[]; hidden: number } {
  const end = Math.max(0, Math.min(ranked.length, limit));
  return { shown: ranked.slice(0, end), hidden: ranked.length - end };
}

/** The next limit after a 'Ver mais'. */
export const nextLimit = (limit: number) => limit + MATCHES_PAGE;

/**
 * tel: and WhatsApp links of a phone (the cold calls' rules: a national 9-digit number gets 351), both null
 * without a phone.
 */
export function contactHrefs(phone: string | null | undefined): {
  tel: string | null;
  whatsapp: string | null;
} {
  return { tel: telHref(phone), whatsapp: whatsappHref(phone) };
}

/** The score as people read it. */
export const scoreLabel = (score: number) => `Compatibilidade ${score}%`;

/** Joins ranked matches to their rows, skipping any the replica no longer holds (deleted meanwhile). */
export function withRows<M, R>(
  matches: readonly M[],
  idOf: (match: M) => string,
  rowOf: (id: string) => R | undefined,
): { match: M; row: R }[] {
  const out: { match: M; row: R }[] = [];
  for (const match of matches) {
    const row = rowOf(idOf(match));
    if (row !== undefined) out.push({ match, row });
  }
  return out;
}

/**
 * Why a property lists no buyer, in the words that tell the agent what to do: the rules of
 * shared-schema/src/matching/profile.ts (propertyProfile), one reason at a time.
 */
export function noBuyersText(p: { business: string; status: string; priceCents?: number | null }): string {
  if (p.business !== 'Venda') return 'Só os imóveis para venda têm compradores compatíveis.';
  if (!MATCHABLE_STATUSES.includes(p.status))
    return `Um imóvel ${p.status} já não é comparado com os compradores.`;
  if (p.priceCents == null || p.priceCents <= 0)
    return 'Indique o preço do imóvel para encontrar compradores compatíveis.';
  return 'Nenhum comprador compatível de momento. Os compradores cujo orçamento, tipologia e zona sirvam este imóvel aparecem aqui.';
}
