import {
  errorMessages,
  SIGNUP_TOKEN_HEADER,
  signupSteps,
  type OrganizationRole,
  type RegisterResponse,
  type Signup,
  type Subscription,
} from '@casa/shared-schema';
import { ApiError, type ApiClient } from '../../lib/api';

export const SIGNUP_STEPS = ['register', 'organization', 'subscription'] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number];

export const SIGNUP_STEP_LABELS: Record<SignupStep, string> = {
  register: 'Criar conta',
  organization: 'Criar organização',
  subscription: 'Registar subscrição',
};

const STEP_FALLBACK: Record<SignupStep, string> = {
  register: errorMessages.signupAccountFailed,
  organization: errorMessages.signupOrganizationFailed,
  subscription: errorMessages.signupSubscriptionFailed,
};

/** The organization whose registration settings claimed the email's domain took the account instead. */
export type JoinedOrganization = { name: string; role: OrganizationRole; pendingApproval: boolean };

export type SignupOutcome =
  | { ok: true; subscription: Subscription; joined?: undefined }
  | { ok: true; joined: JoinedOrganization; subscription?: undefined }
  | { ok: false; failedStep: SignupStep; message: string };

/** Step 1 done, steps 2 and 3 not yet: the account it created and the token that lets them finish it. */
type Pending = { key: string; token: string };

/** 'Erro ao processar registo: ' + the server's message, or the step's fallback (docs/product.md#sign-up). */
export function signupErrorMessage(step: SignupStep, error: unknown): string {
  const message = error instanceof ApiError && error.message ? error.message : STEP_FALLBACK[step];
  return `${errorMessages.signupFailedPrefix}${message}`;
}

/**
 * The three sequential sign-up calls (docs/product.md#sign-up). Step 1 creates the user and an organization on the
 * server; if step 2 or 3 then fails, a retry with the same email, name and password skips step 1 and
 * finishes that account with the token step 1 returned (steps 2 and 3 are idempotent on the server), so a
 * failure never leaves an account that blocks the retry with 'email already in use'. After a reload (no
 * token in memory) step 1 runs again and the server resumes the unfinished sign-up for the right password.
 * When an organization's registration settings claim the email's domain, step 1 joins that organization
 * and steps 2 and 3 are not run.
 */
export function createSignupRunner(client: Pick<ApiClient, 'request'>) {
  let pending: Pending | null = null;

  return async function runSignup(input: Signup, onStep: (step: SignupStep) => void): Promise<SignupOutcome> {
    const steps = signupSteps(input);
    const key = JSON.stringify(steps.register);
    let step: SignupStep = 'register';
    try {
      onStep(step);
      if (pending?.key !== key) {
        pending = null;
        const user = await client.request<RegisterResponse>('/api/auth/register', {
          method: 'POST',
          body: steps.register,
        });
        if (user.outcome === 'joined' && user.joinedOrganization) {
          const { name, role, pendingApproval } = user.joinedOrganization;
          return { ok: true, joined: { name, role, pendingApproval } };
        }
        pending = { key, token: user.signupToken ?? '' };
      }
      const headers = { [SIGNUP_TOKEN_HEADER]: pending?.token ?? '' };
      step = 'organization';
      onStep(step);
      await client.request('/api/organizations', { method: 'POST', body: steps.organization, headers });
      step = 'subscription';
      onStep(step);
      const subscription = await client.request<Subscription>('/api/subscriptions/register', {
        method: 'POST',
        body: steps.subscription,
        headers,
      });
      pending = null;
      return { ok: true, subscription };
    } catch (error) {
      return { ok: false, failedStep: step, message: signupErrorMessage(step, error) };
    }
  };
}
