import { z } from 'zod';
import { validationMessages as m } from '../messages';
import { emailSchema, nullableTextSchema, safeString } from '../primitives';
import {
  addPasswordIssues,
  DEFAULT_PASSWORD_MESSAGES,
  newPasswordSchema,
  SETTINGS_PASSWORD_MESSAGES,
  USER_PROFILE_PASSWORD_MESSAGES,
} from './password-policy';

const MAX_PASSWORD = 200;

/** POST /api/auth/login. Only presence is checked, as on the login screen. */
export const loginSchema = z.object({
  email: z
    .string({ error: m.fillAllFields })
    .trim()
    .toLowerCase()
    .min(1, { error: m.fillAllFields })
    .max(254, { error: m.textTooLong }),
  password: z
    .string({ error: m.fillAllFields })
    .min(1, { error: m.fillAllFields })
    .max(MAX_PASSWORD, { error: m.textTooLong }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const REGISTER_ORGANIZATION_SUFFIX = ' - Organização';
export const INDIVIDUAL_ORGANIZATION_SUFFIX = ' - Agente Individual';

/** docs/product.md#accounts: an empty organization name defaults to the full name plus a suffix. */
export function defaultOrganizationName(fullName: string): string {
  return `${fullName.trim()}${REGISTER_ORGANIZATION_SUFFIX}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The sign-up step sends {email, name, hashedPassword (plain text), role}; map it onto the register screen's names (docs/product.md#accounts). */
function normalizeRegisterInput(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const isSignup = 'hashedPassword' in value || ('name' in value && !('fullName' in value));
  if (!isSignup) return { ...value, source: 'register' };
  return {
    email: value.email,
    password: value.hashedPassword ?? value.password,
    fullName: value.name,
    organizationName: null,
    source: 'signup',
  };
}

const requiredText = (max: number) =>
  safeString({ error: m.fillRequiredFields })
    .trim()
    .min(1, { error: m.fillRequiredFields })
    .max(max, { error: m.textTooLong });

/**
 * POST /api/auth/register. Accepts the register screen payload {email, password, fullName,
 * organizationName?} (password ≥ 8) and the sign-up step {email, name, hashedPassword, role}
 * (password ≥ 6). Output: {email, password, fullName, organizationName, source}; for 'register'
 * a blank organizationName is filled in, for 'signup' it is null (the sign-up creates it next).
 */
export const registerSchema = z.preprocess(
  normalizeRegisterInput,
  z
    .object(
      {
        email: requiredText(254).pipe(emailSchema),
        password: safeString({ error: m.fillRequiredFields })
          .min(1, { error: m.fillRequiredFields })
          .max(MAX_PASSWORD, { error: m.textTooLong }),
        fullName: requiredText(200),
        organizationName: nullableTextSchema(200, 'single').optional(),
        source: z.enum(['register', 'signup']),
      },
      { error: m.fillRequiredFields },
    )
    .superRefine((v, ctx) => {
      if (v.password.length > 0) addPasswordIssues(ctx, v.password, DEFAULT_PASSWORD_MESSAGES, ['password']);
    })
    .transform((v) => ({
      email: v.email,
      password: v.password,
      fullName: v.fullName,
      organizationName:
        v.source === 'register' ? (v.organizationName ?? defaultOrganizationName(v.fullName)) : null,
      source: v.source,
    })),
);
export type RegisterInput = z.infer<typeof registerSchema>;

/** The /register screen form, with the confirmation field. */
export const registerFormSchema = z
  .object({
    fullName: requiredText(200),
    email: requiredText(254).pipe(emailSchema),
    organizationName: safeString().max(200, { error: m.textTooLong }).optional(),
    password: safeString({ error: m.fillRequiredFields })
      .min(1, { error: m.fillRequiredFields })
      .max(MAX_PASSWORD, { error: m.textTooLong })
      .superRefine((password, ctx) => {
        if (password.length > 0) addPasswordIssues(ctx, password);
      }),
    confirmPassword: z.string({ error: m.fillRequiredFields }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: m.registerPasswordsMismatch,
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

const currentPasswordField = z
  .string({ error: m.currentPasswordRequired })
  .min(1, { error: m.currentPasswordRequired })
  .max(MAX_PASSWORD, { error: m.textTooLong });

/** PUT /api/profile/password from the profile screen (docs/product.md#accounts: minimum 6). */
export const profilePasswordChangeSchema = z
  .object({
    currentPassword: currentPasswordField,
    newPassword: newPasswordSchema(),
    confirmPassword: z
      .string({ error: m.confirmPasswordRequired })
      .min(1, { error: m.confirmPasswordRequired }),
  })
  .refine((v) => v.confirmPassword === '' || v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    error: m.passwordsMismatch,
  });
export type ProfilePasswordChange = z.infer<typeof profilePasswordChangeSchema>;

/**
 * System settings › Perfil Admin (super admin): names and email, plus a password change only when a new
 * password is typed (the tab shows no rules; its own policy text says 8 characters).
 */
export const adminProfileFormSchema = z
  .object({
    firstName: safeString().trim().min(1, { error: m.firstNameRequired }).max(100, { error: m.textTooLong }),
    lastName: safeString().trim().max(100, { error: m.textTooLong }),
    email: requiredText(254).pipe(emailSchema),
    currentPassword: z.string().max(MAX_PASSWORD, { error: m.textTooLong }),
    newPassword: z.string().max(MAX_PASSWORD, { error: m.textTooLong }),
    confirmPassword: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!v.newPassword) return;
    if (!v.currentPassword)
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: m.currentPasswordRequired });
    addPasswordIssues(ctx, v.newPassword, SETTINGS_PASSWORD_MESSAGES, ['newPassword']);
    if (v.confirmPassword !== v.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: m.passwordsMismatch });
    }
  });
export type AdminProfileForm = z.infer<typeof adminProfileFormSchema>;

/** Settings › Segurança password change (docs/product.md#accounts: 8 chars, upper, lower, digit). */
export const settingsPasswordChangeSchema = z
  .object({
    currentPassword: currentPasswordField,
    newPassword: newPasswordSchema(SETTINGS_PASSWORD_MESSAGES),
    confirmPassword: z.string({ error: m.confirmPasswordRequired }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    error: m.settingsPasswordsMismatch,
  });
export type SettingsPasswordChange = z.infer<typeof settingsPasswordChangeSchema>;

const optionalPassword = safeString()
  .max(MAX_PASSWORD, { error: m.textTooLong })
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/**
 * PUT /api/user/profile (cut-off form) and the admin-profile save of the system settings screen:
 * profile fields plus an optional password change. confirmPassword is checked only when sent.
 */
export const userProfileUpdateSchema = z
  .object({
    firstName: safeString().trim().min(1, { error: m.firstNameRequired }).max(100).optional(),
    lastName: nullableTextSchema(100, 'single').optional(),
    email: emailSchema.optional(),
    phone: nullableTextSchema(40, 'single').optional(),
    bio: nullableTextSchema(2000).optional(),
    currentPassword: optionalPassword,
    newPassword: optionalPassword,
    confirmPassword: optionalPassword,
  })
  .superRefine((v, ctx) => {
    if (v.newPassword === undefined) return;
    if (!v.currentPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['currentPassword'],
        message: m.userProfileCurrentPasswordRequired,
      });
    }
    addPasswordIssues(ctx, v.newPassword, USER_PROFILE_PASSWORD_MESSAGES, ['newPassword']);
    if (v.confirmPassword !== undefined && v.confirmPassword !== v.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: m.userProfilePasswordsMismatch });
    }
  });
export type UserProfileUpdate = z.infer<typeof userProfileUpdateSchema>;

export const PASSWORD_STRENGTH_LABELS = [
  'Muito Fraca',
  'Fraca',
  'Razoável',
  'Boa',
  'Forte',
  'Muito Forte',
] as const;
export type PasswordStrengthLabel = (typeof PASSWORD_STRENGTH_LABELS)[number];

/** Settings strength meter: one point each for length ≥ 8, ≥ 12, lower, upper, digit, symbol. */
export function passwordStrength(password: string): { score: number; label: PasswordStrengthLabel } {
  const pw = typeof password === 'string' ? password : '';
  const checks = [
    pw.length >= 8,
    pw.length >= 12,
    /[a-z]/.test(pw),
    /[A-Z]/.test(pw),
    /\d/.test(pw),
    /[^A-Za-z0-9]/.test(pw),
  ];
  const score = checks.filter(Boolean).length;
  const label = PASSWORD_STRENGTH_LABELS[Math.max(0, score - 1)] ?? 'Muito Fraca';
  return { score, label };
}
