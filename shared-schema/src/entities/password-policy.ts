import type { z } from 'zod';
import { validationMessages as m } from '../messages';
import { safeString } from '../primitives';
import { COMMON_PASSWORDS } from './common-passwords';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/**
 * The one password policy (issue 17) for every password a person chooses: registration, sign-up, the
 * profile screen, settings › Segurança, the settings profile form and the users an admin creates or
 * resets. At least 8 characters, an uppercase letter, a lowercase letter and a digit (the
 * Segurança rules and the system policy text, docs/product.md#accounts), and not one of the most common passwords.
 */
export type PasswordRule = 'min' | 'uppercase' | 'lowercase' | 'digit' | 'common';
export type PasswordMessages = Record<PasswordRule, string>;

const RULES: ReadonlyArray<[PasswordRule, (password: string) => boolean]> = [
  ['min', (p) => p.length >= PASSWORD_MIN_LENGTH],
  ['uppercase', (p) => /\p{Lu}/u.test(p)],
  ['lowercase', (p) => /\p{Ll}/u.test(p)],
  ['digit', (p) => /\d/.test(p)],
  ['common', (p) => !isCommonPassword(p)],
];

/** Case-insensitive: 'Password1' and 'PASSWORD1' are as guessable as 'password1'. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** The rules a password breaks, in the order the forms show them. */
export function passwordPolicyBreaches(password: string): PasswordRule[] {
  return RULES.filter(([, holds]) => !holds(password)).map(([rule]) => rule);
}

/** The generic pt-PT texts; a form that words a rule differently passes its own. */
export const DEFAULT_PASSWORD_MESSAGES: PasswordMessages = {
  min: m.registerPasswordMin8,
  uppercase: m.passwordUppercase,
  lowercase: m.passwordLowercase,
  digit: m.passwordDigit,
  common: m.passwordTooCommon,
};

/** Settings › Segurança: the tab's own texts (docs/product.md#accounts). */
export const SETTINGS_PASSWORD_MESSAGES: PasswordMessages = {
  min: m.settingsPasswordMin8,
  uppercase: m.settingsPasswordUppercase,
  lowercase: m.settingsPasswordLowercase,
  digit: m.settingsPasswordDigit,
  common: m.passwordTooCommon,
};

/** PUT /api/user/profile: the minimum-length text of that form (docs/product.md#accounts). */
export const USER_PROFILE_PASSWORD_MESSAGES: PasswordMessages = {
  ...DEFAULT_PASSWORD_MESSAGES,
  min: m.userProfilePasswordMin8,
};

/** Adds one issue per broken rule at `path` (for object-level refinements). */
export function addPasswordIssues(
  ctx: z.RefinementCtx,
  password: string,
  messages: PasswordMessages = DEFAULT_PASSWORD_MESSAGES,
  path: PropertyKey[] = [],
): void {
  for (const rule of passwordPolicyBreaches(password)) {
    ctx.addIssue({ code: 'custom', path: [...path], message: messages[rule] }); // a copy each: zod prefixes it in place
  }
}

/** A new password under the policy; each broken rule is its own issue, with `messages`' text. */
export function newPasswordSchema(messages: PasswordMessages = DEFAULT_PASSWORD_MESSAGES) {
  // safeString: a password being set refuses control characters like every other stored text (issue 17).
  return safeString({ error: messages.min })
    .max(PASSWORD_MAX_LENGTH, { error: m.textTooLong })
    .superRefine((password, ctx) => addPasswordIssues(ctx, password, messages));
}
