// The property enumerations as plain data (no zod: issue 19, docs/decisions.md); properties.ts builds
// the zod enums from these lists.
import { TYPOLOGIES } from './business-values';

// Properties / Imóveis (docs/data-model.md "properties"). Values are the pt-PT labels themselves.
export const PROPERTY_BUSINESSES = ['Venda', 'Arrendamento'] as const;
export type PropertyBusiness = (typeof PROPERTY_BUSINESSES)[number];

/**
 * A property's typology: the T-values of the buyers' TYPOLOGIES (so matching compares like with like);
 * 'Moradia' and 'Terreno' there are property types here (docs/decisions.md).
 */
export const PROPERTY_TYPOLOGIES = TYPOLOGIES.filter((t) => /^T\d/.test(t)) as unknown as readonly [
  'T0',
  'T1',
  'T2',
  'T3',
  'T4',
  'T5+',
];
export type PropertyTypology = (typeof PROPERTY_TYPOLOGIES)[number];

export const PROPERTY_CONDITIONS = ['Novo', 'Usado', 'Em construção', 'Para recuperar', 'Renovado'] as const;
export type PropertyCondition = (typeof PROPERTY_CONDITIONS)[number];

export const ENERGY_CLASSES = ['A+', 'A', 'B', 'B-', 'C', 'D', 'E', 'F', 'Isento'] as const;
export type EnergyClass = (typeof ENERGY_CLASSES)[number];

export const PROPERTY_FEATURES = [
  'Elevador',
  'Garagem',
  'Lugar de estacionamento',
  'Varanda',
  'Terraço',
  'Piscina',
  'Jardim',
  'Arrecadação',
  'Ar condicionado',
  'Aquecimento central',
  'Painéis solares',
  'Vista mar',
  'Mobilado',
] as const;
export type PropertyFeature = (typeof PROPERTY_FEATURES)[number];

export const PROPERTY_STATUSES = [
  'Em angariação',
  'Disponível',
  'Reservado',
  'Vendido',
  'Arrendado',
  'Retirado',
] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];
/** A new property's status when none is given: the listing is being taken on. */
export const DEFAULT_PROPERTY_STATUS: PropertyStatus = 'Em angariação';
