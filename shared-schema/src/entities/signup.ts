import { z } from 'zod';
import { agentCountSchema, billingCycleSchema, planIdSchema } from '../enums';
import { validationMessages as m } from '../messages';
import { emailSchema, safeString } from '../primitives';
import { newPasswordSchema } from './password-policy';
import { INDIVIDUAL_ORGANIZATION_SUFFIX } from './user-auth';

export const SIGNUP_TYPES = ['organization', 'individual'] as const;
export type SignupType = (typeof SIGNUP_TYPES)[number];

const minText = (min: number, message: string, max = 200) =>
  safeString({ error: message }).trim().min(min, { error: message }).max(max, { error: m.textTooLong });

const password = newPasswordSchema();

const email = z.string({ error: m.invalidEmail }).pipe(emailSchema);

const plan = {
  planId: planIdSchema.optional(),
  billingCycle: billingCycleSchema.default('monthly'),
};

/** Subscribe dialog, agency tab (docs/product.md#sign-up). */
export const agencySignupSchema = z.object({
  organizationName: minText(2, m.organizationNameMin2),
  adminName: minText(2, m.nameMin2),
  adminEmail: email,
  adminPhone: minText(9, m.phoneMin9, 40),
  numberOfAgents: z
    .string({ error: m.numberOfAgentsRequired })
    .min(1, { error: m.numberOfAgentsRequired })
    .pipe(agentCountSchema),
  licenseNumber: safeString().trim().max(50, { error: m.textTooLong }).optional(),
  password,
  ...plan,
});
export type AgencySignup = z.infer<typeof agencySignupSchema>;

/** Subscribe dialog, individual agent tab (docs/product.md#sign-up). */
export const individualSignupSchema = z.object({
  name: minText(2, m.nameMin2),
  email,
  phone: minText(9, m.phoneMin9, 40),
  licenseNumber: minText(5, m.licenseNumberMin5, 50),
  password,
  ...plan,
});
export type IndividualSignup = z.infer<typeof individualSignupSchema>;

export const signupSchema = z.discriminatedUnion('type', [
  agencySignupSchema.extend({ type: z.literal('organization') }),
  individualSignupSchema.extend({ type: z.literal('individual') }),
]);
export type Signup = z.infer<typeof signupSchema>;

/** Step 2 of an individual sign-up names the organization after the person. */
export function individualOrganizationName(name: string): string {
  return `${name.trim()}${INDIVIDUAL_ORGANIZATION_SUFFIX}`;
}

/** The three sequential sign-up calls' payloads (register user, create organization, subscribe). */
export function signupSteps(input: Signup) {
  const isAgency = input.type === 'organization';
  return {
    register: {
      email: isAgency ? input.adminEmail : input.email,
      name: isAgency ? input.adminName : input.name,
      hashedPassword: input.password,
      role: 'admin' as const,
    },
    organization: { name: isAgency ? input.organizationName : individualOrganizationName(input.name) },
    subscription: {
      packageId: input.planId ?? (isAgency ? 'org-professional' : 'ind-premium'),
      billingCycle: input.billingCycle,
    },
  };
}
