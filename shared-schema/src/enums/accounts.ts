import { z } from 'zod';
import { ptEnum } from './helpers';
import {
  BILLING_CYCLES,
  NOTIFICATION_TYPES,
  ORGANIZATION_PLANS,
  ORGANIZATION_ROLES,
  ORGANIZATION_STATUSES,
  PACKAGE_AUDIENCES,
  PLAN_IDS,
  ROLES,
  USER_STATUSES,
  normalizeOrganizationPlan,
} from './accounts-values';

// The zod enums of the lists in accounts-values.ts (one definition: each schema is built from its list).
export * from './accounts-values';

export const roleSchema = ptEnum(ROLES);

export const organizationRoleSchema = ptEnum(ORGANIZATION_ROLES);

export const userStatusSchema = ptEnum(USER_STATUSES);

export const organizationStatusSchema = ptEnum(ORGANIZATION_STATUSES);

export const organizationPlanSchema = z.preprocess(normalizeOrganizationPlan, ptEnum(ORGANIZATION_PLANS));

export const planIdSchema = ptEnum(PLAN_IDS);

export const billingCycleSchema = ptEnum(BILLING_CYCLES);

export const packageAudienceSchema = ptEnum(PACKAGE_AUDIENCES);

export const notificationTypeSchema = ptEnum(NOTIFICATION_TYPES);
