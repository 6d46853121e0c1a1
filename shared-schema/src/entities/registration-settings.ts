import { z } from 'zod';
import { customFieldTypeSchema, organizationRoleSchema } from '../enums';
import { validationMessages as m } from '../messages';
import {
  boundedJson,
  FLAT_JSON_LIMITS,
  isoDateTimeSchema,
  safeString,
  uuidSchema,
  type JsonLimits,
} from '../primitives';

const DOMAIN = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})+$/;

export const domainSchema = z
  .string({ error: m.invalidDomain })
  .trim()
  .toLowerCase()
  .transform((d) => d.replace(/^@/, ''))
  .pipe(z.string().regex(DOMAIN, { error: m.invalidDomain }));

const limit = z
  .number({ error: m.invalidInteger })
  .int({ error: m.invalidInteger })
  .min(0, { error: m.nonNegative })
  .max(1_000_000, { error: m.invalidValue });

export const customFieldSchema = z.object({
  id: safeString().trim().min(1, { error: m.fieldRequired }).max(100, { error: m.textTooLong }),
  label: safeString({ error: m.fieldRequired })
    .trim()
    .min(1, { error: m.fieldRequired })
    .max(200, { error: m.textTooLong }),
  type: customFieldTypeSchema,
  required: z.boolean().default(false),
  placeholder: safeString().max(200, { error: m.textTooLong }).optional(),
  options: z
    .array(safeString().trim().min(1).max(200, { error: m.textTooLong }))
    .max(100, { error: m.invalidData })
    .optional(),
  validation: z
    .object({
      minLength: limit.optional(),
      maxLength: limit.optional(),
      pattern: safeString().max(500, { error: m.textTooLong }).optional(),
    })
    .optional(),
});
export type CustomField = z.infer<typeof customFieldSchema>;

/** The registration form's fields as stored JSON: 100 fields of 100 options each would pass the schema alone. */
export const REGISTRATION_FIELDS_LIMITS = {
  maxDepth: 4,
  maxKeys: 2_000,
  maxBytes: 64 * 1024,
} as const satisfies JsonLimits;
const customFieldsListSchema = boundedJson(
  z.array(customFieldSchema).max(100, { error: m.invalidData }),
  REGISTRATION_FIELDS_LIMITS,
);

const maxUsersPerRoleSchema = z.object({
  admin: limit.default(5),
  agent: limit.default(50),
  viewer: limit.default(100),
});

const settingsShape = {
  enabled: z.boolean().default(false),
  requireApproval: z.boolean().default(true),
  allowedDomains: z
    .array(domainSchema)
    .max(500, { error: m.invalidData })
    .default([])
    .transform((ds) => [...new Set(ds)]),
  customFields: customFieldsListSchema.default([]),
  /** 0 means unlimited. */
  maxUsersPerRole: maxUsersPerRoleSchema.prefault({}),
  invitationOnly: z.boolean().default(false),
  defaultRole: organizationRoleSchema.default('viewer'),
};

/** GET/PUT /api/organizations/{id}/registration-settings; missing keys take docs/product.md#saas-admin defaults. */
export const registrationSettingsSchema = z.object({
  organizationId: uuidSchema.optional(),
  ...settingsShape,
  updatedAt: isoDateTimeSchema.nullable().optional(),
});
export type RegistrationSettings = z.infer<typeof registrationSettingsSchema>;

export const registrationSettingsCreateSchema = z.object(settingsShape);
export type RegistrationSettingsCreate = z.infer<typeof registrationSettingsCreateSchema>;

export const registrationSettingsUpdateSchema = z
  .object({
    enabled: z.boolean(),
    requireApproval: z.boolean(),
    allowedDomains: z.array(domainSchema).max(500, { error: m.invalidData }),
    customFields: customFieldsListSchema,
    maxUsersPerRole: boundedJson(
      z.object({ admin: limit, agent: limit, viewer: limit }).partial(),
      FLAT_JSON_LIMITS,
    ),
    invitationOnly: z.boolean(),
    defaultRole: organizationRoleSchema,
  })
  .partial();
export type RegistrationSettingsUpdate = z.infer<typeof registrationSettingsUpdateSchema>;

export const DEFAULT_REGISTRATION_SETTINGS: RegistrationSettingsCreate =
  registrationSettingsCreateSchema.parse({});

export function emailDomainOf(email: string): string {
  return email.trim().toLowerCase().split('@').pop() ?? '';
}

/** An empty list allows every domain. */
export function isEmailDomainAllowed(email: string, allowedDomains: readonly string[]): boolean {
  if (allowedDomains.length === 0) return true;
  const domain = emailDomainOf(email);
  return allowedDomains.some((d) => d.toLowerCase() === domain);
}

/**
 * Whether a public sign-up with this email joins the organization instead of creating its own: its
 * registration is enabled, not invitation-only, and its allowed domains name the email's domain. An
 * empty list (every domain allowed for the users its admin adds) claims no sign-up at all.
 */
export function claimsSignupEmail(
  settings: Pick<RegistrationSettingsCreate, 'enabled' | 'invitationOnly' | 'allowedDomains'>,
  email: string,
): boolean {
  if (!settings.enabled || settings.invitationOnly || settings.allowedDomains.length === 0) return false;
  return isEmailDomainAllowed(email, settings.allowedDomains);
}
