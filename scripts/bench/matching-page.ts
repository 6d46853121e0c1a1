// The page half of `pnpm bench:matching` (scripts/bench/matching.ts), bundled with esbuild and run in
// Chromium: generates the clients with the seed's builders and properties in the zones they ask for,
// prepares the matching indexes once, then times single calls (docs/product.md#matching).
import { CONCELHOS } from '../../shared-schema/src/geo/concelhos';
import { buildClient, createRandom, type Random } from '../../shared-schema/src/generators/index';
import {
  matchBuyersForProperty,
  matchPropertiesForBuyer,
  prepareBuyers,
  prepareProperties,
  MATCH_PROPERTY_TYPES,
  type MatchableProperty,
} from '../../shared-schema/src/matching/index';

type Options = { clients: number; properties: number; runs: number; warmup: number };

// Where the generated buyers look (generators/places.ts), as concelho, freguesia and street.
const NEAR: ReadonlyArray<[string, string | null, string]> = [
  ['Lisboa', 'Avenidas Novas', 'Avenida da República'],
  ['Lisboa', 'Campo de Ourique', 'Rua Ferreira Borges'],
  ['Lisboa', 'Alvalade', 'Avenida da Igreja'],
  ['Lisboa', 'Parque das Nações', 'Alameda dos Oceanos'],
  ['Lisboa', 'Estrela', 'Rua de São Bento'],
  ['Lisboa', 'Benfica', 'Estrada de Benfica'],
  ['Lisboa', 'Arroios', 'Rua Morais Soares'],
  ['Cascais', 'Cascais e Estoril', 'Avenida Marginal'],
  ['Oeiras', 'Paço de Arcos', 'Rua Costa Pinto'],
  ['Sintra', 'Queluz', 'Avenida Miguel Bombarda'],
  ['Almada', 'Cacilhas', 'Rua Cândido dos Reis'],
  ['Seixal', 'Amora', 'Rua da Liberdade'],
  ['Loures', 'Sacavém', 'Rua Almirante Reis'],
  ['Porto', 'Lordelo do Ouro', 'Avenida da Boavista'],
  ['Porto', 'Aldoar, Foz do Douro e Nevogilde', 'Rua do Passeio Alegre'],
  ['Porto', 'Cedofeita', 'Rua de Cedofeita'],
  ['Matosinhos', 'Leça da Palmeira', 'Rua Hintze Ribeiro'],
  ['Vila Nova de Gaia', 'Mafamude', 'Avenida da República'],
  ['Maia', 'Castêlo da Maia', 'Rua Augusto Simões'],
  ['Gondomar', 'Rio Tinto', 'Rua da Cavada'],
  ['Faro', 'Sé', 'Rua de Santo António'],
  ['Albufeira', 'Olhos de Água', 'Rua da Praia'],
  ['Lagos', 'São Gonçalo de Lagos', 'Avenida dos Descobrimentos'],
  ['Portimão', 'Portimão', 'Avenida Tomás Cabreira'],
  ['Tavira', 'Santa Maria', 'Rua da Liberdade'],
  ['Loulé', 'Quarteira', 'Avenida de Vilamoura'],
];
const STATUSES = [
  'Disponível',
  'Disponível',
  'Disponível',
  'Em angariação',
  'Reservado',
  'Vendido',
  'Retirado',
];
const TYPOLOGIES = ['T0', 'T1', 'T2', 'T2', 'T3', 'T3', 'T4', 'T5+'];

function buildProperty(rng: Random, i: number): MatchableProperty {
  // Three in four in the buyers' zones, the rest anywhere in the country.
  const near = rng.chance(0.75);
  const [concelho, freguesia, street] = near
    ? rng.pick(NEAR)
    : [rng.pick(CONCELHOS).name, null, 'Rua Direita'];
  const propertyType = rng.chance(0.8)
    ? rng.pick(['Apartamento', 'Moradia'])
    : rng.pick(MATCH_PROPERTY_TYPES);
  const business = rng.chance(0.8) ? 'Venda' : 'Arrendamento';
  const euros = business === 'Venda' ? rng.int(80, 1_200) * 1000 : rng.int(500, 3_000);
  return {
    id: `p${i}`,
    business,
    propertyType,
    typology: ['Apartamento', 'Moradia', 'Quinta'].includes(propertyType) ? rng.pick(TYPOLOGIES) : null,
    priceCents: euros * 100,
    concelho,
    freguesia,
    street: `${street}, ${rng.int(1, 300)}`,
    status: rng.pick(STATUSES),
  };
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1]! };
}

function time<T>(fn: () => T): [number, T] {
  const start = performance.now();
  const value = fn();
  return [performance.now() - start, value];
}

(globalThis as Record<string, unknown>).casaMatchBench = (o: Options) => {
  const rng = createRandom('bench-matching');
  const now = new Date('2026-11-25T12:00:00Z');
  const [generateMs, clients] = time(() =>
    Array.from({ length: o.clients }, (_, i) =>
      buildClient(rng, { organizationId: 'org', agentId: null, now, uniqueSuffix: i }),
    ),
  );
  const properties = Array.from({ length: o.properties }, (_, i) => buildProperty(rng, i));
  // Cold: the first preparation after the page loads (code not yet optimised); warm: a rebuild after a
  // replica change.
  const [prepareBuyersMs, buyers] = time(() => prepareBuyers(clients));
  const [preparePropertiesMs, props] = time(() => prepareProperties(properties));
  const [prepareBuyersWarmMs] = time(() => prepareBuyers(clients));
  const [preparePropertiesWarmMs] = time(() => prepareProperties(properties));

  const forSale = properties.filter((p) => p.business === 'Venda' && p.status === 'Disponível');
  const askers = clients.filter((c) => c.type !== 'Vendedor');
  const propertyMs: number[] = [];
  const buyerMs: number[] = [];
  const propertyMatches: number[] = [];
  const buyerMatches: number[] = [];
  for (let r = 0; r < o.warmup + o.runs; r++) {
    const [a, byProperty] = time(() => matchBuyersForProperty(rng.pick(forSale), buyers));
    const [b, byBuyer] = time(() => matchPropertiesForBuyer(rng.pick(askers), props));
    if (r < o.warmup) continue;
    propertyMs.push(a);
    buyerMs.push(b);
    propertyMatches.push(byProperty.length);
    buyerMatches.push(byBuyer.length);
  }
  const mean = (v: number[]) => Math.round(v.reduce((s, x) => s + x, 0) / Math.max(1, v.length));
  return {
    // The root tsconfig has no DOM types: the page reads the browser through globalThis.
    userAgent: (globalThis as { navigator?: { userAgent: string } }).navigator?.userAgent ?? '',
    generateMs,
    buyers: buyers.buyers.length,
    distinctZones: buyers.zones.length,
    matchableProperties: props.properties.length,
    prepareBuyersMs,
    preparePropertiesMs,
    prepareBuyersWarmMs,
    preparePropertiesWarmMs,
    propertyToBuyers: { ...stats(propertyMs), meanMatches: mean(propertyMatches) },
    buyerToProperties: { ...stats(buyerMs), meanMatches: mean(buyerMatches) },
  };
};
