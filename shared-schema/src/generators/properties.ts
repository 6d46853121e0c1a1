import {
  ENERGY_CLASSES,
  PROPERTY_CONDITIONS,
  PROPERTY_FEATURES,
  PROPERTY_STATUSES,
  PROPERTY_TYPOLOGIES,
  type PropertyBusiness,
  type PropertyType,
  type PropertyTypology,
} from '../enums';
import { propertySchema, type Property } from '../entities/property';
import { blankRow } from './blank';
import { daysBefore, lisbonDate } from './dates';
import type { Random } from './random';

/** The wire shape of a properties row. */
export type PropertyRecord = Property;

/** Where the demo's properties are: concelho, distrito, freguesias, streets and a postal-code prefix. */
export const PROPERTY_PLACES = [
  {
    concelho: 'Lisboa',
    distrito: 'Lisboa',
    freguesias: ['Alvalade', 'Arroios', 'Campo de Ourique', 'Estrela', 'Parque das Nações', 'Benfica'],
    streets: ['Rua de Campolide', 'Avenida da Igreja', 'Rua Ferreira Borges', 'Avenida de Roma'],
    postal: '1',
  },
  {
    concelho: 'Porto',
    distrito: 'Porto',
    freguesias: ['Cedofeita', 'Bonfim', 'Paranhos', 'Foz do Douro', 'Ramalde'],
    streets: ['Rua de Cedofeita', 'Rua do Bonfim', 'Avenida da Boavista', 'Rua de Costa Cabral'],
    postal: '4',
  },
  {
    concelho: 'Setúbal',
    distrito: 'Setúbal',
    freguesias: ['São Sebastião', 'Setúbal (São Julião)', 'Azeitão'],
    streets: ['Avenida Luísa Todi', 'Rua Dr. António Manuel Gamito', 'Rua do Bocage'],
    postal: '29',
  },
  {
    concelho: 'Braga',
    distrito: 'Braga',
    freguesias: ['São Víctor', 'Maximinos', 'Nogueira', 'Real'],
    streets: ['Avenida da Liberdade', 'Rua do Souto', 'Rua Nova de Santa Cruz'],
    postal: '47',
  },
  {
    concelho: 'Faro',
    distrito: 'Faro',
    freguesias: ['Sé', 'São Pedro', 'Montenegro'],
    streets: ['Rua de Santo António', 'Avenida 5 de Outubro', 'Rua do Alportel'],
    postal: '80',
  },
] as const;

const TYPE_WEIGHTS: readonly PropertyType[] = [
  'Apartamento',
  'Apartamento',
  'Apartamento',
  'Apartamento',
  'Moradia',
  'Moradia',
  'Terreno',
  'Loja',
  'Escritório',
  'Armazém',
  'Quinta',
  'Comercial',
];

const NOTES = [
  'Chaves na agência.',
  'Proprietário prefere visitas ao fim da tarde.',
  'Condomínio com obras recentes na fachada.',
  'Aceita propostas a partir de 90% do valor.',
  'Documentação completa e licença de utilização disponível.',
] as const;

export type BuildPropertyOptions = {
  organizationId: string;
  agentId: string | null;
  ownerClientId: string | null;
  now: Date;
  /** Its CASA-number (the demo numbers them in order). */
  number: number;
  createdBy?: string | null;
  /** Creation spread: up to this many days before `now` (default 365). */
  maxAgeDays?: number;
};

function typologyOf(rng: Random, type: PropertyType): PropertyTypology | null {
  if (type === 'Apartamento') return rng.pick(PROPERTY_TYPOLOGIES.slice(0, 5));
  if (type === 'Moradia' || type === 'Quinta') return rng.pick(PROPERTY_TYPOLOGIES.slice(2));
  return null;
}

/** Price in cents: per m² by place and type, a monthly rent for Arrendamento, rounded to € 1 000 (€ 50 rent). */
function priceCentsOf(rng: Random, business: PropertyBusiness, area: number, place: number): number {
  const perM2 = [5200, 3400, 2300, 1900, 3100][place] ?? 2500;
  if (business === 'Arrendamento') return Math.round((area * perM2 * 0.0045) / 50) * 50 * 100;
  return Math.round((area * perM2 * (0.8 + rng.next() * 0.5)) / 1000) * 1000 * 100;
}

/** A realistic Portuguese property in one of the demo's five concelhos. */
export function buildProperty(rng: Random, options: BuildPropertyOptions): PropertyRecord {
  const placeIndex = rng.int(0, PROPERTY_PLACES.length - 1);
  const place = PROPERTY_PLACES[placeIndex]!;
  const propertyType = rng.pick(TYPE_WEIGHTS);
  const business: PropertyBusiness =
    propertyType !== 'Terreno' && propertyType !== 'Quinta' && rng.chance(0.25) ? 'Arrendamento' : 'Venda';
  const typology = typologyOf(rng, propertyType);
  const rooms = typology ? Math.min(5, Number(typology.slice(1, 2))) : null;
  const usableArea =
    propertyType === 'Terreno' ? null : rooms !== null ? 35 + rooms * rng.int(18, 32) : rng.int(40, 600);
  const landArea =
    propertyType === 'Terreno' || propertyType === 'Quinta'
      ? rng.int(500, 40_000)
      : propertyType === 'Moradia'
        ? rng.int(150, 1200)
        : null;
  const createdAt = daysBefore(options.now, rng.next() * (options.maxAgeDays ?? 365));
  const updatedAt = new Date(
    Math.min(options.now.getTime(), createdAt.getTime() + rng.next() * 20 * 86_400_000),
  );
  const mediationStart = lisbonDate(createdAt);
  const exclusive = rng.chance(0.4);
  const freguesia = rng.pick(place.freguesias);
  const street = `${rng.pick(place.streets)}, ${rng.int(1, 250)}`;
  const title =
    propertyType === 'Terreno'
      ? `Terreno com ${landArea ?? 0} m² em ${freguesia}`
      : `${propertyType}${typology ? ` ${typology}` : ''} em ${freguesia}`;
  const reference = `CASA-${String(options.number).padStart(6, '0')}`;
  const row = blankRow(propertySchema, {
    id: rng.uuid(),
    organizationId: options.organizationId,
    reference,
    title,
    business,
    propertyType,
    typology,
    bedrooms: rooms,
    bathrooms: rooms === null ? null : Math.max(1, rooms - rng.int(0, 1)),
    usableArea,
    grossArea: usableArea === null ? null : Math.round(usableArea * 1.18),
    landArea,
    priceCents: priceCentsOf(rng, business, usableArea ?? (landArea ?? 1000) / 20, placeIndex),
    condition: rng.pick(PROPERTY_CONDITIONS),
    energyClass: propertyType === 'Terreno' ? 'Isento' : rng.pick(ENERGY_CLASSES),
    yearBuilt: propertyType === 'Terreno' ? null : rng.int(1940, 2025),
    features: propertyType === 'Terreno' ? [] : rng.sample(PROPERTY_FEATURES, rng.int(0, 5)),
    distrito: place.distrito,
    concelho: place.concelho,
    freguesia,
    street,
    postalCode: `${place.postal}${String(rng.int(0, 10 ** (4 - place.postal.length) - 1)).padStart(4 - place.postal.length, '0')}-${String(rng.int(0, 999)).padStart(3, '0')}`,
    status: rng.chance(0.55) ? 'Disponível' : rng.pick(PROPERTY_STATUSES),
    ownerClientId: options.ownerClientId,
    agentId: options.agentId,
    mediationExclusive: exclusive,
    mediationStart,
    mediationEnd: lisbonDate(new Date(createdAt.getTime() + (exclusive ? 180 : 365) * 86_400_000)),
    commissionPercent: exclusive ? 5 : rng.pick([3, 4, 5]),
    notes: rng.chance(0.4) ? rng.pick(NOTES) : null,
    createdBy: options.createdBy !== undefined ? options.createdBy : options.agentId,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    deletedAt: null,
  });
  return row;
}
