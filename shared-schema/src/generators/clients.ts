import {
  CLIENT_TYPES,
  INVESTMENT_TYPES,
  PROPERTY_TYPES,
  SALE_REASONS,
  TYPOLOGIES,
  URGENCIES,
  type ClientType,
} from '../enums';
import { clientSchema, type Client } from '../entities/client';
import { blankRow } from './blank';
import { daysBefore } from './dates';
import { emailFor, personName, ptMobile } from './people';
import { ALGARVE_ZONES, LISBON_ZONES, PORTO_ZONES, ZONES } from './places';
import type { Random } from './random';

/** The wire shape of a clients row. */
export type ClientRecord = Client;

const CLIENT_NOTES = [
  'Prefere contacto ao final do dia.',
  'Procura casa perto de escolas para os filhos.',
  'Já tem crédito pré-aprovado pelo banco.',
  'Quer visitar imóveis apenas ao fim de semana.',
  'Indicado por um cliente antigo.',
  'Tem animais de estimação; precisa de espaço exterior.',
  'Pediu para enviar propostas por email.',
  'Está a vender a casa atual para comprar outra.',
  'Interessado em imóveis com garagem.',
  'Mostrou interesse em imóveis para reabilitar.',
  'Cliente exigente, valoriza boa exposição solar.',
  'Vive no estrangeiro; contactos por WhatsApp.',
] as const;

/** A whole-euro amount between min and max, rounded to `step`. */
function euros(rng: Random, min: number, max: number, step: number): number {
  return Math.round(rng.int(min, max) / step) * step;
}

export function buildCompradorFields(rng: Random): Record<string, unknown> {
  const zone = rng.pick(rng.chance(0.55) ? LISBON_ZONES : rng.chance(0.6) ? PORTO_ZONES : ALGARVE_ZONES);
  return {
    budget: euros(rng, 120_000, 950_000, 5_000),
    typology: rng.pick(TYPOLOGIES),
    zone,
    urgency: rng.pick(URGENCIES),
  };
}

export function buildVendedorFields(rng: Random): Record<string, unknown> {
  return {
    propertyType: rng.pick(PROPERTY_TYPES),
    propertyValue: euros(rng, 150_000, 1_500_000, 5_000),
    location: rng.pick(ZONES),
    saleReason: rng.pick(SALE_REASONS),
  };
}

export function buildInvestidorFields(rng: Random): Record<string, unknown> {
  const low = euros(rng, 100_000, 1_000_000, 50_000);
  const high = low + euros(rng, 100_000, 500_000, 50_000);
  const fmt = (n: number) => `${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} €`;
  const zones = rng.sample(ZONES, rng.int(1, 3));
  return {
    investmentType: rng.pick(INVESTMENT_TYPES),
    budgetRange: `${fmt(low)} - ${fmt(high)}`,
    preferredZones: zones.join(', '),
    expectedReturn: rng.int(3, 12),
    investmentBudget: high,
    zone: zones[0],
  };
}

export const CUSTOM_FIELD_BUILDERS: Record<ClientType, (rng: Random) => Record<string, unknown>> = {
  Comprador: buildCompradorFields,
  Vendedor: buildVendedorFields,
  Investidor: buildInvestidorFields,
};

export type BuildClientOptions = {
  organizationId: string;
  agentId: string | null;
  now: Date;
  createdBy?: string | null;
  type?: ClientType;
  /** Overrides the random birthday ('YYYY-MM-DD' or null). */
  birthday?: string | null;
  tags?: string[];
  /** Appended to the e-mail address so large batches stay unique. */
  uniqueSuffix?: number | string;
  /** Creation spread: up to this many days before `now` (default 365). */
  maxAgeDays?: number;
};

function randomBirthday(rng: Random, now: Date): string {
  const year = now.getUTCFullYear() - rng.int(22, 75);
  const month = rng.int(1, 12);
  const day = rng.int(1, 28);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A realistic Portuguese client of any type; about 10% lack a phone and 20% an e-mail. */
export function buildClient(rng: Random, options: BuildClientOptions): ClientRecord {
  const type = options.type ?? rng.pick(CLIENT_TYPES);
  const person = personName(rng);
  const createdAt = daysBefore(options.now, rng.next() * (options.maxAgeDays ?? 365));
  const updatedAt = new Date(
    Math.min(options.now.getTime(), createdAt.getTime() + rng.next() * 30 * 86_400_000),
  );
  // From blankRow: a field added to clientSchema is null (or empty) here until it is given a value.
  return blankRow(clientSchema, {
    id: rng.uuid(),
    organizationId: options.organizationId,
    agentId: options.agentId,
    name: person.fullName,
    email: rng.chance(0.8) ? emailFor(person, rng, options.uniqueSuffix) : null,
    phone: rng.chance(0.9) ? ptMobile(rng) : null,
    type,
    rating: rng.int(0, 5),
    birthday:
      options.birthday !== undefined
        ? options.birthday
        : rng.chance(0.6)
          ? randomBirthday(rng, options.now)
          : null,
    notes: rng.chance(0.5) ? rng.pick(CLIENT_NOTES) : null,
    tags: options.tags ?? [],
    customFields: CUSTOM_FIELD_BUILDERS[type](rng),
    createdBy: options.createdBy !== undefined ? options.createdBy : options.agentId,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    deletedAt: null,
  });
}

/** Someone born on `today`'s month and day ('YYYY-MM-DD', e.g. the Lisbon date of now). */
export function birthdayOn(rng: Random, today: string): string {
  // Multiples of four keep 29 February on a leap year.
  const age = today.endsWith('-02-29') ? 4 * rng.int(7, 17) : rng.int(25, 70);
  return `${Number(today.slice(0, 4)) - age}${today.slice(4)}`;
}
