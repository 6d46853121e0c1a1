import { z } from 'zod';
import { roleSchema, userStatusSchema } from '../enums';
import { validationMessages as m } from '../messages';
import { emailSchema, isoDateTimeSchema, nullableTextSchema, safeString, uuidSchema } from '../primitives';
import { newPasswordSchema } from './password-policy';

export * from './user-auth';

/** A user as the API returns it. There is deliberately no passwordHash here. */
export const userSchema = z.object({
  id: uuidSchema,
  organizationId: uuidSchema.nullable(),
  organizationName: z.string().nullable().optional(),
  email: emailSchema,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  bio: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  authProvider: z.string().default('local'),
  role: roleSchema,
  status: userStatusSchema,
  isSuperAdmin: z.boolean(),
  lastLoginAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type User = z.infer<typeof userSchema>;

/**
 * A user who joined an organization through the public sign-up and waits for an admin to activate them
 * (registration settings' requireApproval): inactive and never logged in.
 */
export function isAwaitingApproval(user: { status: string; lastLoginAt?: string | null }): boolean {
  return user.status === 'inactive' && !user.lastLoginAt;
}

const firstNameSchema = safeString({ error: m.firstNameRequired })
  .trim()
  .min(1, { error: m.firstNameRequired })
  .max(100, { error: m.textTooLong });

/**
 * Admin-created user (POST /api/organization/users and /api/saas/users). Password is optional
 * because the SaaS form does not show one; organizationId is only honoured for super admins.
 */
export const userCreateSchema = z.object({
  id: uuidSchema.optional(),
  firstName: firstNameSchema,
  lastName: nullableTextSchema(100, 'single').optional(),
  email: emailSchema,
  phone: nullableTextSchema(40, 'single').optional(),
  bio: nullableTextSchema(2000).optional(),
  role: roleSchema.default('agent'),
  status: userStatusSchema.default('active'),
  organizationId: uuidSchema.nullable().optional(),
  password: newPasswordSchema().optional(),
});
export type UserCreate = z.infer<typeof userCreateSchema>;

// Built without the create defaults: a partial over defaulted fields would reset them.
export const userUpdateSchema = userCreateSchema
  .omit({ id: true })
  .extend({ role: roleSchema, status: userStatusSchema })
  .partial();
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** PUT /api/saas/users/{id}/status and /api/saas/organizations/{id}/status. */
export const userStatusUpdateSchema = z.object({ status: userStatusSchema });

/** GET /api/auth/me. */
export const currentUserSchema = z.object({
  id: uuidSchema,
  organizationId: uuidSchema.nullable(),
  organizationName: z.string().nullable(),
  role: roleSchema,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: emailSchema,
  profileImageUrl: z.string().nullable(),
  status: userStatusSchema,
  isSuperAdmin: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET/PUT /api/profile answer. */
export const profileSchema = z.object({
  id: uuidSchema,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: emailSchema,
  phone: z.string().nullable(),
  bio: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: roleSchema,
  organizationId: uuidSchema.nullable(),
  status: userStatusSchema,
});
export type Profile = z.infer<typeof profileSchema>;

/** PUT /api/profile (profile screen form, docs/product.md#accounts). Blank lastName/phone/bio become null. */
export const profileUpdateSchema = z.object({
  firstName: firstNameSchema,
  lastName: nullableTextSchema(100, 'single').optional(),
  email: emailSchema,
  phone: nullableTextSchema(40, 'single').optional(),
  bio: nullableTextSchema(2000).optional(),
  /** Needed only when the email changes (issue 17: the login email is a credential). */
  currentPassword: z.string().max(200, { error: m.textTooLong }).optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** POST /api/profile/photo answer. */
export const photoUploadResponseSchema = z.object({ profilePhoto: z.string() });
export type PhotoUploadResponse = z.infer<typeof photoUploadResponseSchema>;

export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** Decoded size limit of an uploaded photo (a 5 MB PNG can claim billions of pixels): 50 megapixels. */
export const PHOTO_MAX_PIXELS = 50_000_000;
/** A stored photo is at most this many pixels on its longer side (it is shown as an avatar). */
export const PHOTO_MAX_SIDE = 1024;
