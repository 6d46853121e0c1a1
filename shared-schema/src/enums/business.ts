import { z } from 'zod';
import { validationMessages } from '../messages';
import { ptEnum } from './helpers';
import {
  AGENT_COUNT_OPTIONS,
  ANY_FOLLOW_UP_TYPES,
  ANY_INTERACTION_RESULTS,
  CALL_RESULTS,
  CLIENT_TYPES,
  CUSTOM_FIELD_TYPES,
  DIRECTIONS,
  INTERACTION_TYPES,
  INVESTMENT_TYPES,
  LANGUAGES,
  LAST_CONTACT_OPTIONS,
  NEXT_FOLLOW_UP_TYPES,
  PROPERTY_TYPES,
  SALE_REASONS,
  THEMES,
  TYPOLOGIES,
  URGENCIES,
  VISIT_PRICE_OPINIONS,
  normalizeDirection,
  type FollowUpType,
  type InteractionResult,
} from './business-values';

// The zod enums of the lists in business-values.ts (one definition: each schema is built from its list).
export * from './business-values';

export const clientTypeSchema = ptEnum(CLIENT_TYPES, validationMessages.clientTypeRequired);

export const typologySchema = ptEnum(TYPOLOGIES);

export const urgencySchema = ptEnum(URGENCIES);

export const propertyTypeSchema = ptEnum(PROPERTY_TYPES);

export const saleReasonSchema = ptEnum(SALE_REASONS);

export const investmentTypeSchema = ptEnum(INVESTMENT_TYPES);

export const followUpTypeSchema = z.enum(
  ANY_FOLLOW_UP_TYPES as unknown as readonly [FollowUpType, ...FollowUpType[]],
  { error: validationMessages.followUpTypeRequired },
);

export const nextFollowUpTypeSchema = ptEnum(NEXT_FOLLOW_UP_TYPES, validationMessages.followUpTypeRequired);

export const visitPriceOpinionSchema = ptEnum(VISIT_PRICE_OPINIONS);

export const interactionTypeSchema = ptEnum(INTERACTION_TYPES, validationMessages.interactionTypeRequired);

export const callResultSchema = ptEnum(CALL_RESULTS, validationMessages.callResultRequired);

export const interactionResultSchema = z.enum(
  ANY_INTERACTION_RESULTS as unknown as readonly [InteractionResult, ...InteractionResult[]],
  { error: validationMessages.invalidOption },
);

export const directionSchema = z.preprocess(normalizeDirection, ptEnum(DIRECTIONS));

export const customFieldTypeSchema = ptEnum(CUSTOM_FIELD_TYPES);

export const agentCountSchema = ptEnum(AGENT_COUNT_OPTIONS, validationMessages.numberOfAgentsRequired);

export const themeSchema = ptEnum(THEMES);

export const languageSchema = ptEnum(LANGUAGES);

export const lastContactOptionSchema = ptEnum(LAST_CONTACT_OPTIONS);
