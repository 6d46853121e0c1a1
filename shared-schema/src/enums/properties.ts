import { ptEnum } from './helpers';
import {
  ENERGY_CLASSES,
  PROPERTY_BUSINESSES,
  PROPERTY_CONDITIONS,
  PROPERTY_FEATURES,
  PROPERTY_STATUSES,
  PROPERTY_TYPOLOGIES,
} from './properties-values';

// The zod enums of the lists in properties-values.ts (one definition: each schema is built from its list).
export * from './properties-values';

export const propertyBusinessSchema = ptEnum(PROPERTY_BUSINESSES);

export const propertyTypologySchema = ptEnum(PROPERTY_TYPOLOGIES);

export const propertyConditionSchema = ptEnum(PROPERTY_CONDITIONS);

export const energyClassSchema = ptEnum(ENERGY_CLASSES);

export const propertyFeatureSchema = ptEnum(PROPERTY_FEATURES);

export const propertyStatusSchema = ptEnum(PROPERTY_STATUSES);
