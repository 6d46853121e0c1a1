import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as s from './index';

// Schemas with at least one required field: random input must never pass.
const strict: Record<string, z.ZodType> = {
  userCreateSchema: s.userCreateSchema,
  profileUpdateSchema: s.profileUpdateSchema,
  profilePasswordChangeSchema: s.profilePasswordChangeSchema,
  settingsPasswordChangeSchema: s.settingsPasswordChangeSchema,
  loginSchema: s.loginSchema,
  registerSchema: s.registerSchema,
  registerFormSchema: s.registerFormSchema,
  organizationCreateSchema: s.organizationCreateSchema,
  organizationSignupCreateSchema: s.organizationSignupCreateSchema,
  packageCreateSchema: s.packageCreateSchema,
  subscriptionCreateSchema: s.subscriptionCreateSchema,
  clientCreateSchema: s.clientCreateSchema,
  tagCreateSchema: s.tagCreateSchema,
  clientTagCreateSchema: s.clientTagCreateSchema,
  clientTagsSetSchema: s.clientTagsSetSchema,
  followUpCreateSchema: s.followUpCreateSchema,
  followUpCompleteSchema: s.followUpCompleteSchema,
  interactionCreateSchema: s.interactionCreateSchema,
  campaignCreateSchema: s.campaignCreateSchema,
  campaignClientCreateSchema: s.campaignClientCreateSchema,
  callLogFormSchema: s.callLogFormSchema,
  notificationCreateSchema: s.notificationCreateSchema,
  pushDeviceCreateSchema: s.pushDeviceCreateSchema,
  agencySignupSchema: s.agencySignupSchema,
  individualSignupSchema: s.individualSignupSchema,
  signupSchema: s.signupSchema,
  customFieldSchema: s.customFieldSchema,
  userSchema: s.userSchema,
  clientSchema: s.clientSchema,
  followUpSchema: s.followUpSchema,
};

// Schemas whose every field is optional or defaulted: {} passes, but non-objects must not.
const lenient: Record<string, z.ZodType> = {
  userUpdateSchema: s.userUpdateSchema,
  userProfileUpdateSchema: s.userProfileUpdateSchema,
  organizationUpdateSchema: s.organizationUpdateSchema,
  packageUpdateSchema: s.packageUpdateSchema,
  clientUpdateSchema: s.clientUpdateSchema,
  tagUpdateSchema: s.tagUpdateSchema,
  followUpUpdateSchema: s.followUpUpdateSchema,
  followUpCompleteBodySchema: s.followUpCompleteBodySchema,
  interactionUpdateSchema: s.interactionUpdateSchema,
  coldCallCreateSchema: s.coldCallCreateSchema,
  coldCallUpdateSchema: s.coldCallUpdateSchema,
  campaignUpdateSchema: s.campaignUpdateSchema,
  campaignFiltersSchema: s.campaignFiltersSchema,
  notificationListQuerySchema: s.notificationListQuerySchema,
  notificationPreferencesSchema: s.notificationPreferencesSchema,
  userSettingsSchema: s.userSettingsSchema,
  userSettingsUpdateSchema: s.userSettingsUpdateSchema,
  registrationSettingsSchema: s.registrationSettingsSchema,
  registrationSettingsUpdateSchema: s.registrationSettingsUpdateSchema,
  pushDeviceUpdateSchema: s.pushDeviceUpdateSchema,
};

const ENGLISH_DEFAULT = /^(Invalid|Expected|Too (small|big)|Unrecognized|Required)/;

function expectGoodFailure(schema: z.ZodType, value: unknown): void {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  if (result.success) return;
  const message = s.firstIssueMessage(result.error);
  expect(message.trim()).not.toBe('');
  expect(message).not.toMatch(ENGLISH_DEFAULT);
  for (const m of Object.values(s.fieldErrorsOf(result.error))) expect(m.trim()).not.toBe('');
}

// Fields that some schema requires; a random object carrying none of them can never be valid.
const REQUIRED_KEYS = new Set([
  'id',
  'name',
  'email',
  'password',
  'fullName',
  'hashedPassword',
  'firstName',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'tagIds',
  'token',
  'clientId',
  'tagId',
  'campaignId',
  'result',
  'title',
  'type',
  'scheduledDate',
  'label',
  'userId',
  'packageId',
  'organizationName',
  'adminName',
  'displayName',
  'price',
  'organizationId',
]);
const hasRequiredKey = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && Object.keys(value).some((k) => REQUIRED_KEYS.has(k));
const randomInput = fc.anything().filter((v) => !hasRequiredKey(v));
const randomObject = fc.object().filter((v) => !hasRequiredKey(v));

const notAnObject = fc.oneof(
  fc.string(),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.anything()),
  fc.bigInt(),
);

describe('schemas reject random input with a pt-PT message and never throw (property)', () => {
  it.each(Object.entries(strict))('%s', (_, schema) => {
    fc.assert(
      fc.property(randomInput, (value) => expectGoodFailure(schema, value)),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(randomObject, (value) => expectGoodFailure(schema, value)),
      { numRuns: 200 },
    );
  });

  it.each(Object.entries(lenient))('%s', (_, schema) => {
    fc.assert(
      fc.property(notAnObject, (value) => expectGoodFailure(schema, value)),
      { numRuns: 100 },
    );
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const r = schema.safeParse(value);
        if (!r.success) expect(s.firstIssueMessage(r.error).trim()).not.toBe('');
      }),
      { numRuns: 200 },
    );
  });
});

describe('update schemas never invent values (property)', () => {
  it.each(Object.entries(lenient).filter(([name]) => name.includes('Update') || name.includes('Body')))(
    '%s({}) is {}',
    (_, schema) => {
      expect(schema.parse({})).toEqual({});
    },
  );
});

describe('primitives under random input (property)', () => {
  it('decimalStringSchema only ever outputs 2-decimal strings', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.anything(), fc.double(), fc.stringMatching(/^\d{1,9}([.,]\d{0,3})?$/)),
        (value) => {
          const r = s.decimalStringSchema.safeParse(value);
          if (r.success) expect(r.data).toMatch(/^\d{1,8}\.\d{2}$/);
          else expect(s.firstIssueMessage(r.error)).not.toBe('');
        },
      ),
    );
  });

  it('centsAmountSchema round-trips whole cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), (cents) => {
        expect(s.centsAmountSchema.parse(cents / 100)).toBe(cents / 100);
      }),
    );
  });
});
