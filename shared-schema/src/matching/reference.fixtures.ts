import { canonicalConcelho, isConcelho } from '../geo/concelhos';
import { normalizeForSearch } from '../text/normalize';
import type { MatchableClient, MatchableProperty } from './profile';

// A plain, slow, obviously-correct reading of the matching rules of docs/product.md#matching, pair by pair,
// straight from the rows: the fast index (match.ts) must give the same scores, reasons and order.

const TYPES = ['Apartamento', 'Moradia', 'Terreno', 'Comercial', 'Escritório', 'Loja', 'Armazém', 'Quinta'];
const TYPOLOGIES = ['T0', 'T1', 'T2', 'T3', 'T4', 'T5+'];

const norm = (s: unknown) => (typeof s === 'string' ? normalizeForSearch(s.replace(/[-‐‑–—]/g, ' ')) : '');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const hasWords = (hay: string, needle: string) =>
  new RegExp(`(^|[^A-Za-z0-9\\u0080-\\uffff])${escape(needle)}($|[^A-Za-z0-9\\u0080-\\uffff])`).test(hay);

function typologyOf(v: unknown): number {
  if (typeof v !== 'string') return -1;
  const m = /^T(\d{1,2})\+?$/.exec(v.toUpperCase().replace(/\s+/g, ''));
  return m ? Math.min(Number(m[1]), 5) : -1;
}

type RefZone = { head: string; tail: string | null };
function zonesOf(texts: unknown[]): RefZone[] {
  const out: RefZone[] = [];
  const seen: string[] = [];
  for (const text of texts) {
    if (typeof text !== 'string') continue;
    for (const raw of text.split(/,|;|\/|\||\n|\r|\s+e\s+/i)) {
      const part = raw.replace(/\s+/g, ' ').trim();
      if (seen.includes(part)) continue;
      const pieces = part.split(/\s+[-–—]\s+/);
      let zone: RefZone = { head: pieces[0]!, tail: pieces.length > 1 ? pieces.slice(1).join(' - ') : null };
      if (norm(zone.head) === '' || (zone.tail !== null && norm(zone.tail) === ''))
        zone = { head: part, tail: null };
      if (norm(zone.head) === '') continue;
      out.push(zone);
      seen.push(part);
    }
  }
  return out;
}

const label = (text: string) => (isConcelho(text) ? canonicalConcelho(text)! : text);

function placeHits(text: string, p: MatchableProperty): boolean {
  const key = norm(text);
  if (key === norm(p.concelho)) return true;
  if (isConcelho(text)) return false;
  return hasWords(norm(p.freguesia), key) || hasWords(norm(p.street), key);
}

function levelOf(z: RefZone, p: MatchableProperty): 0 | 1 | 2 {
  const head = placeHits(z.head, p);
  if (z.tail === null) return head ? 2 : 0;
  if (isConcelho(z.head) && !head) return 0;
  if (placeHits(z.tail, p)) return 2;
  return head ? 1 : 0;
}

export type RefMatch = { score: number; reasons: string[] };

export function referenceMatch(c: MatchableClient, p: MatchableProperty): RefMatch | null {
  if (c.deletedAt || p.deletedAt) return null;
  if (c.type !== 'Comprador' && c.type !== 'Investidor') return null;
  if (p.status !== 'Disponível' && p.status !== 'Em angariação') return null;
  if (p.business !== 'Venda') return null;
  const price = p.priceCents;
  if (price == null || !Number.isSafeInteger(price) || price <= 0) return null;
  const f = (c.customFields && typeof c.customFields === 'object' ? c.customFields : {}) as Record<
    string,
    unknown
  >;
  const investor = c.type === 'Investidor';
  const euros = investor ? f.investmentBudget : f.budget;
  if (typeof euros !== 'number' || !Number.isFinite(euros) || euros <= 0) return null;
  const budget = Math.round(euros * 100);
  const zones = zonesOf(investor ? [f.zone, f.preferredZones] : [f.zone]);
  if (investor && zones.length === 0) return null;

  // The smallest whole percent above the budget that covers the price (0 = within), at most 10.
  let over = -1;
  for (let k = 0; k <= 10 && over < 0; k++) if (price * 100 <= budget * (100 + k)) over = k;
  if (over < 0) return null;

  const typology = typologyOf(f.typology);
  let wanted: string[] | null = null;
  const named = TYPES.find((t) => norm(t) === norm(f.propertyType));
  if (named) wanted = [named];
  else if (f.typology === 'Moradia') wanted = ['Moradia'];
  else if (f.typology === 'Terreno') wanted = ['Terreno'];
  else if (investor && f.investmentType === 'Terrenos') wanted = ['Terreno'];
  else if (investor && f.investmentType === 'Comercial')
    wanted = ['Comercial', 'Escritório', 'Loja', 'Armazém'];
  const typeNamed = wanted !== null;
  if (!wanted && typology >= 0) wanted = ['Apartamento', 'Moradia', 'Quinta'];
  if (wanted && !wanted.some((t) => norm(t) === norm(p.propertyType))) return null;

  const reasons: string[] = [];
  let score = 0;
  if (over === 0) {
    score += 40;
    reasons.push('Dentro do orçamento');
  } else {
    score += 30 - 2 * over;
    reasons.push(`${over}% acima do orçamento`);
  }

  if (zones.length === 0) score += 15;
  else {
    const levels = zones.map((z) => levelOf(z, p));
    const best = Math.max(...levels) as 0 | 1 | 2;
    if (best === 0) return null;
    const z = zones[levels.indexOf(best)]!;
    score += best === 2 ? 30 : 20;
    if (z.tail === null) reasons.push(`Zona: ${label(z.head)}`);
    else if (best === 2) reasons.push(`Zona: ${label(z.head)} - ${label(z.tail)}`);
    else reasons.push(`Zona: ${label(z.head)}, fora de ${label(z.tail)}`);
  }

  if (typology < 0) score += 10;
  else {
    const offered = typologyOf(p.typology);
    if (offered === typology) {
      score += 20;
      reasons.push(`Tipologia ${TYPOLOGIES[typology]}`);
    } else if (offered < 0) {
      reasons.push(`Tipologia ${TYPOLOGIES[typology]} pedida, sem tipologia indicada`);
    } else {
      if (Math.abs(offered - typology) === 1) score += 10;
      reasons.push(`Tipologia ${TYPOLOGIES[typology]} pedida, ${TYPOLOGIES[offered]} oferecida`);
    }
  }

  score += wanted ? 10 : 5;
  if (typeNamed) reasons.push(`Tipo: ${p.propertyType}`);
  return { score, reasons };
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function referenceBuyersFor(p: MatchableProperty, clients: readonly MatchableClient[]) {
  return clients
    .map((c) => ({ c, m: referenceMatch(c, p) }))
    .filter((x): x is { c: MatchableClient; m: RefMatch } => x.m !== null)
    .sort(
      (a, b) => b.m.score - a.m.score || a.c.name.localeCompare(b.c.name, 'pt-PT') || byId(a.c.id, b.c.id),
    )
    .map(({ c, m }) => ({ clientId: c.id, score: m.score, reasons: m.reasons }));
}

export function referencePropertiesFor(c: MatchableClient, properties: readonly MatchableProperty[]) {
  return properties
    .map((p) => ({ p, m: referenceMatch(c, p) }))
    .filter((x): x is { p: MatchableProperty; m: RefMatch } => x.m !== null)
    .sort((a, b) => b.m.score - a.m.score || a.p.priceCents! - b.p.priceCents! || byId(a.p.id, b.p.id))
    .map(({ p, m }) => ({ propertyId: p.id, score: m.score, reasons: m.reasons }));
}
